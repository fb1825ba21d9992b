import { defineMessages } from '../shared/i18n';

/** The app shell's own strings: header controls, the not-found page, shared alerts. */
export const appMessages = defineMessages(
  {
    toggleNavigation: 'Toggle navigation',
    mainNavigation: 'Main',
    darkMode: 'Switch to dark mode',
    lightMode: 'Switch to light mode',
    notFound: 'Page not found',
    nothingAt: 'Nothing lives at {path}.',
    goToShop: 'Go to the shop',
    sessionEnded: '{message}. The UI session has ended: open the URL that "crossbuy serve" printed again.',
    headerBalanceShort: 'Available',
    headerCart: '{count, plural, one {# item} other {# items}} in the cart',
    headerCartOne: '1 item in the cart',
  },
  {
    toggleNavigation: '展开或收起导航',
    mainNavigation: '主导航',
    darkMode: '切换到深色模式',
    lightMode: '切换到浅色模式',
    notFound: '页面不存在',
    nothingAt: '{path} 下没有任何内容。',
    goToShop: '前往商城',
    sessionEnded: '{message}。界面会话已结束：请重新打开“crossbuy serve”输出的网址。',
    headerBalanceShort: '可用',
    headerCart: '购物车中有 {count} 件商品',
    headerCartOne: '购物车中有 1 件商品',
  },
);
