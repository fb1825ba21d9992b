import { defineMessages } from '../shared/i18n';

/** The service banner: the desktop core restarting or failed, the headless server out of reach or its session ended. */
export const serviceStatusMessages = defineMessages(
  {
    restartingTitle: 'The service stopped unexpectedly; restarting…',
    restartingBody:
      'Your data is safe: nothing acknowledged is lost. Anything that was in progress when it stopped may need doing again once it is back.',
    back: 'Back: the service is running again.',
    reconnected: 'Connected to crossbuy again.',
    failedTitle: 'crossbuy stopped working',
    failedBody:
      'The service stopped unexpectedly several times within a minute, so crossbuy stopped restarting it. Quit crossbuy and open it again. Your data is safe: nothing acknowledged is lost. If it keeps happening, "crossbuy doctor" checks the data folder ("crossbuy data-dir" shows where it is).',
    lostTitle: 'Lost the connection to crossbuy — retrying',
    lostBody:
      'The server is not answering. Is "crossbuy serve" still running? This page keeps trying and carries on by itself once the server is back.',
    sessionTitle: 'This page is no longer signed in to crossbuy',
    sessionBody:
      'The server was started with a new token ("crossbuy serve --new-token"), which ended this page’s session. Open the URL it printed (it ends in ?token=…), in this tab or another; this page carries on by itself once you have.',
    sessionBack: 'Signed in again: this page works.',
    detail: 'Details: {detail}',
    region: 'Service status',
  },
  {
    restartingTitle: '服务意外停止，正在重新启动…',
    restartingBody: '您的数据是安全的：已确认的操作都不会丢失。停止时正在进行的操作，可能需要在服务恢复后重新执行。',
    back: '已恢复：服务重新运行。',
    reconnected: '已重新连接到 crossbuy。',
    failedTitle: 'crossbuy 已停止工作',
    failedBody:
      '服务在一分钟内多次意外停止，crossbuy 已不再重新启动它。请退出 crossbuy 后重新打开。您的数据是安全的：已确认的操作都不会丢失。如果问题反复出现，可运行“crossbuy doctor”检查数据文件夹（“crossbuy data-dir”会显示其位置）。',
    lostTitle: '与 crossbuy 的连接已断开，正在重试',
    lostBody: '服务器没有响应。“crossbuy serve”是否仍在运行？本页面会持续重试，服务器恢复后会自动继续工作。',
    sessionTitle: '本页面已不再登录 crossbuy',
    sessionBody:
      '服务器已使用新的令牌启动（“crossbuy serve --new-token”），本页面的会话已结束。请打开它输出的网址（以 ?token=… 结尾），在本标签页或其他标签页中打开均可；打开后本页面会自动继续工作。',
    sessionBack: '已重新登录：本页面可以正常使用。',
    detail: '详细信息：{detail}',
    region: '服务状态',
  },
);

export type ServiceStatusKey = keyof (typeof serviceStatusMessages)['en'];
