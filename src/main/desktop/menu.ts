import type { MenuItemConstructorOptions } from 'electron';

export interface MenuActions {
  openDocs(): void;
  openDataFolder(): void;
}

/** The application menu: the platform's usual roles, plus the app's help links. Pure, so it is tested. */
export function applicationMenuTemplate(platform: NodeJS.Platform, appName: string, actions: MenuActions): MenuItemConstructorOptions[] {
  const mac = platform === 'darwin';
  const template: MenuItemConstructorOptions[] = [];
  if (mac) {
    template.push({
      label: appName,
      submenu: [{ role: 'about' }, { type: 'separator' }, { role: 'hide' }, { role: 'hideOthers' }, { role: 'unhide' }, { type: 'separator' }, { role: 'quit' }],
    });
  }
  template.push(
    { label: 'File', submenu: [{ label: 'Open Data Folder', click: actions.openDataFolder }, { type: 'separator' }, mac ? { role: 'close' } : { role: 'quit' }] },
    { role: 'editMenu' },
    {
      label: 'View',
      submenu: [{ role: 'reload' }, { role: 'forceReload' }, { type: 'separator' }, { role: 'resetZoom' }, { role: 'zoomIn' }, { role: 'zoomOut' }, { type: 'separator' }, { role: 'togglefullscreen' }],
    },
    { role: 'windowMenu' },
    { role: 'help', submenu: [{ label: 'API Reference', click: actions.openDocs }] },
  );
  return template;
}

export interface TrayState {
  ordersInProgress: number;
  autopilotPaused: boolean;
}

export interface TrayActions {
  open(): void;
  toggleAutopilot(): void;
  quit(): void;
}

export function trayTooltip(state: TrayState): string {
  const orders = state.ordersInProgress === 1 ? '1 order in progress' : `${state.ordersInProgress} orders in progress`;
  return `crossbuy: ${orders}${state.autopilotPaused ? ' (autopilot paused)' : ''}`;
}

export function trayMenuTemplate(state: TrayState, actions: TrayActions): MenuItemConstructorOptions[] {
  return [
    { label: trayTooltip(state).replace('crossbuy: ', ''), enabled: false },
    { type: 'separator' },
    { label: 'Open crossbuy', click: actions.open },
    { label: state.autopilotPaused ? 'Resume Autopilot' : 'Pause Autopilot', click: actions.toggleAutopilot },
    { type: 'separator' },
    { label: 'Quit', click: actions.quit },
  ];
}
