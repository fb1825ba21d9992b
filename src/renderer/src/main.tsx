import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
const root = createRoot(container);

/**
 * What the page says when the app's chunk cannot be loaded (the server stopped between the page and its
 * script): the language store lives in that chunk, so the browser's language picks the words.
 */
function AppLoadFailed() {
  const zh = navigator.language.toLowerCase().startsWith('zh');
  return (
    <div role="alert" style={{ padding: 24, font: '16px/1.5 system-ui, sans-serif' }}>
      <p>{zh ? 'crossbuy 无法加载界面：服务可能已停止。' : 'crossbuy could not load its interface: the service may have stopped.'}</p>
      <button type="button" onClick={() => window.location.reload()}>
        {zh ? '重新加载' : 'Reload'}
      </button>
    </div>
  );
}

// The app's own modules (Mantine, the shell, the stores) are a chunk of their own, imported here: the
// browser evaluates it in a task of its own, after React's. As one script, parsing and evaluating React and
// the app was a single task of ~200 ms at 4x CPU, the longest of a first load.
void import('./app/start').then(({ App, warmUp }) => {
  // The first render as a transition: React renders it in slices of a few milliseconds and lets the
  // browser paint and take input between them, instead of one task that blocks the page until the whole
  // tree is built (index.html has already painted the frame, so nothing is lost by yielding).
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
  // Work the first data-bearing render needs but the first paint does not: a task of its own, queued now,
  // so it runs while the first reads are in flight.
  setTimeout(warmUp, 0);
}, () => root.render(<AppLoadFailed />));
