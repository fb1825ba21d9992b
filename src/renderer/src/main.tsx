import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { warmMoneyFormat } from './shared/format/money';
import { useLanguageStore } from './shared/i18n';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
const root = createRoot(container);
// The first render as a transition: React renders it in slices of a few milliseconds and lets the browser
// paint and take input between them, instead of one task that blocks the page until the whole tree is
// built (index.html has already painted the frame, so nothing is lost by yielding).
startTransition(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
// Work the first data-bearing render needs but the first paint does not: a task of its own, queued now, so it
// runs while the first reads are in flight (an idle callback came too late: the shell's render slices and
// the reads' answers leave no idle period before the balance is shown).
setTimeout(() => warmMoneyFormat(useLanguageStore.getState().language), 0);
