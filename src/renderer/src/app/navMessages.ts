import { defineMessages } from '../shared/i18n';

export const navMessages = defineMessages(
  { shopping: 'Shopping', tracking: 'Tracking', account: 'Account', admin: 'Back office', language: 'Language', displayCurrency: 'Display currency', displayCurrencyFailed: 'The display currency was not changed', displayCurrencySetRates: 'Set exchange rates…' },
  { shopping: '购物', tracking: '跟踪', account: '账户', admin: '后台', language: '语言', displayCurrency: '显示币种', displayCurrencyFailed: '显示币种未能更改', displayCurrencySetRates: '设置汇率…' },
);
