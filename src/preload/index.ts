import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { IPC_CHANNELS, type BridgeRequest, type CoreStatus, type CrossbuyBridge, type ServiceEventMessage } from './bridge.js';

/** The narrow bridge: five functions, no raw ipcRenderer, no Node in the page. */
const bridge: CrossbuyBridge = {
  request: (request: BridgeRequest) => ipcRenderer.invoke(IPC_CHANNELS.request, request),
  serverInfo: () => ipcRenderer.invoke(IPC_CHANNELS.serverInfo),
  onEvent(listener) {
    const handler = (_event: IpcRendererEvent, payload: ServiceEventMessage) => listener(payload);
    ipcRenderer.on(IPC_CHANNELS.event, handler);
    return () => ipcRenderer.removeListener(IPC_CHANNELS.event, handler);
  },
  onStatus(listener) {
    const handler = (_event: IpcRendererEvent, payload: CoreStatus) => listener(payload);
    ipcRenderer.on(IPC_CHANNELS.status, handler);
    return () => ipcRenderer.removeListener(IPC_CHANNELS.status, handler);
  },
  coreStatus: () => ipcRenderer.invoke(IPC_CHANNELS.coreStatus),
};

contextBridge.exposeInMainWorld('crossbuy', bridge);
