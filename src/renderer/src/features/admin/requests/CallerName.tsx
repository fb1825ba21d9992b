import { useT } from '../../../shared/i18n';
import type { RequestSummary } from '../types';
import { requestsMessages } from './messages';

/** Who made a logged request: the key's name, "This app" for the app's own UI, or a dash (named for a screen reader) for no valid key. */
export function CallerName({ entry }: { entry: Pick<RequestSummary, 'key' | 'caller'> }) {
  const t = useT(requestsMessages);
  // Key names are the caller's data: never translated.
  if (entry.key) return <span translate="no">{entry.key.name}</span>;
  if (entry.caller === 'app') return <>{t('byApp')}</>;
  return (
    <span title={t('byNoKey')} aria-label={t('byNoKey')}>
      {t('noKey')}
    </span>
  );
}
