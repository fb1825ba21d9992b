import type { GetPromptResult, Prompt } from '@modelcontextprotocol/sdk/types.js';

/** Ready-made requests an assistant's user can pick: each is a message that names the tools to use. */
interface PromptDef extends Prompt {
  text: (args: Record<string, string>) => string;
}

const PROMPTS: readonly PromptDef[] = [
  {
    name: 'find_and_buy',
    title: 'Find and buy',
    description: 'Search the catalog for something, check the wallet, and order it.',
    arguments: [
      { name: 'what', description: 'what to buy, e.g. "a hoodie under 300 CNY"', required: true },
      { name: 'quantity', description: 'how many (default 1)', required: false },
    ],
    text: ({ what, quantity }) =>
      `Find ${what} with crossbuy and buy ${quantity || '1'}. Search with crossbuy_products_search, open the best match ` +
      'with crossbuy_products_get and choose an in-stock SKU, check the available balance with crossbuy_wallet_balance_get, ' +
      'then place the order with crossbuy_orders_create (give it an idempotencyKey). Tell me the order number, the total paid ' +
      'and what is left in the wallet. Ask me before ordering if the total is more than the available balance.',
  },
  {
    name: 'track_my_parcels',
    title: 'Track my parcels',
    description: 'Where every order and parcel is: to the warehouse, in it, or on its way abroad.',
    arguments: [],
    text: () =>
      'Tell me where my crossbuy orders and parcels are. List the orders with crossbuy_orders_list; for any not yet in the ' +
      'warehouse, read crossbuy_orders_logistics_get; list the packages with crossbuy_warehouse_packages_list and the ' +
      'shipping orders with crossbuy_shipping_orders_list (crossbuy_shipping_orders_get for their tracking). Mention any ' +
      'pending supplement (crossbuy_orders_supplements_list) that needs my answer.',
  },
  {
    name: 'what_does_my_wallet_say',
    title: 'What does my wallet say',
    description: 'The balance, what is frozen, and the latest money movements explained.',
    arguments: [{ name: 'entries', description: 'how many recent entries to explain (default 10)', required: false }],
    text: ({ entries }) =>
      'Explain my crossbuy wallet. Read crossbuy_wallet_balance_get (balance, frozen, available) and the latest ' +
      `${entries || '10'} entries of crossbuy_wallet_transactions_list, and say in plain words what each payment, refund or ` +
      'fee was for (order numbers where there are some). Amounts are in the ledger currency.',
  },
];

export function listPrompts(): Prompt[] {
  return PROMPTS.map(({ text: _text, ...prompt }) => prompt);
}

/** The prompt's message, or null when there is no such prompt. A missing required argument throws. */
export function getPrompt(name: string, args: Record<string, string> = {}): GetPromptResult | null {
  const prompt = PROMPTS.find((p) => p.name === name);
  if (!prompt) return null;
  const missing = prompt.arguments?.find((a) => a.required && !args[a.name]);
  if (missing) throw new Error(`Prompt ${name} needs the argument "${missing.name}"`);
  return {
    description: prompt.description,
    messages: [{ role: 'user', content: { type: 'text', text: prompt.text(args) } }],
  };
}
