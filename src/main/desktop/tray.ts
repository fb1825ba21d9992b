import { Menu, Tray, nativeImage } from 'electron';
import { trayMenuTemplate, trayTooltip, type TrayActions, type TrayState } from './menu.js';

/** The tray icon: orders in progress at a glance, and the quick actions. */
export class AppTray {
  private readonly tray: Tray;
  private state: TrayState = { ordersInProgress: 0, autopilotPaused: false };

  constructor(iconPath: string, private readonly actions: TrayActions) {
    this.tray = new Tray(nativeImage.createFromPath(iconPath).resize({ width: 18, height: 18 }));
    this.tray.on('click', actions.open);
    this.render();
  }

  update(state: Partial<TrayState>): void {
    this.state = { ...this.state, ...state };
    this.render();
  }

  private render(): void {
    this.tray.setToolTip(trayTooltip(this.state));
    this.tray.setContextMenu(Menu.buildFromTemplate(trayMenuTemplate(this.state, this.actions)));
  }

  destroy(): void {
    this.tray.destroy();
  }
}
