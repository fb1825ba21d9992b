import type { NewChannel } from './channels.js';

/**
 * The channels a fresh installation starts with: reference data the operator can edit. Prices are in
 * minor units (fen) and roughly follow what Chinese forwarders charge in 2025: express couriers bill
 * volumetric weight at 5000 cm^3/kg, air lines at 6000, economy lines at 8000 or actual weight only.
 * Weight ranges are whole steps, so "holds the weight" and "holds the charge weight" agree.
 */
const EUROPE = ['GB', 'IE', 'FR', 'DE', 'NL', 'BE', 'ES', 'PT', 'IT', 'CH', 'AT', 'SE', 'NO', 'DK', 'FI', 'PL', 'CZ'];
const EU_CORE = ['GB', 'FR', 'DE', 'NL', 'BE', 'ES', 'IT', 'AT', 'IE', 'PL'];
const AMERICAS = ['US', 'CA', 'MX', 'BR', 'AR', 'CL'];
const ASIA_PACIFIC = ['AU', 'NZ', 'JP', 'KR', 'SG', 'MY', 'TH', 'PH'];
const MIDDLE_EAST_AFRICA = ['AE', 'SA', 'IL', 'ZA'];

export const SEED_CHANNELS: readonly NewChannel[] = [
  {
    channelId: 'dhl-express',
    name: 'DHL Express Worldwide',
    carrier: 'DHL',
    deliveryDays: '3-6',
    supportedCargo: ['general'],
    weightRange: { min: 500, max: 70_000 },
    countries: [...AMERICAS, ...EUROPE, ...ASIA_PACIFIC, ...MIDDLE_EAST_AFRICA],
    price: { firstWeight: 500, firstPrice: 21_000, stepWeight: 500, stepPrice: 5_600, volumetricDivisor: 5000, fuelSurchargeBp: 2_150 },
  },
  {
    channelId: 'fedex-ip',
    name: 'FedEx International Priority',
    carrier: 'FedEx',
    deliveryDays: '3-7',
    supportedCargo: ['general'],
    weightRange: { min: 500, max: 68_000 },
    countries: ['US', 'CA', 'MX', 'BR', ...EU_CORE, 'CH', 'SE', 'DK', 'AU', 'NZ', 'JP', 'KR', 'SG', 'AE', 'IL'],
    price: { firstWeight: 500, firstPrice: 19_800, stepWeight: 500, stepPrice: 5_200, volumetricDivisor: 5000, fuelSurchargeBp: 1_850 },
  },
  {
    channelId: 'ups-saver',
    name: 'UPS Worldwide Saver',
    carrier: 'UPS',
    deliveryDays: '4-8',
    supportedCargo: ['general'],
    weightRange: { min: 500, max: 70_000 },
    countries: ['US', 'CA', 'MX', ...EUROPE, 'AU', 'JP', 'KR', 'SG', 'MY', 'TH', 'AE', 'SA'],
    price: { firstWeight: 500, firstPrice: 18_500, stepWeight: 500, stepPrice: 4_900, volumetricDivisor: 5000, fuelSurchargeBp: 1_925 },
  },
  {
    channelId: 'ems',
    name: 'China Post EMS',
    carrier: 'China Post',
    deliveryDays: '7-15',
    supportedCargo: ['general'],
    weightRange: { min: 500, max: 30_000 },
    countries: [...AMERICAS, ...EUROPE, ...ASIA_PACIFIC, ...MIDDLE_EAST_AFRICA],
    price: { firstWeight: 500, firstPrice: 11_500, stepWeight: 500, stepPrice: 2_800, volumetricDivisor: 6000, fuelSurchargeBp: 0 },
  },
  {
    channelId: 'air-special',
    name: 'Air Special Line',
    carrier: 'YunExpress',
    deliveryDays: '8-14',
    supportedCargo: ['general'],
    weightRange: { min: 100, max: 20_000 },
    countries: ['US', 'CA', 'GB', 'DE', 'FR', 'ES', 'IT', 'NL', 'BE', 'SE', 'PL', 'AU', 'NZ', 'JP', 'KR'],
    price: { firstWeight: 100, firstPrice: 2_800, stepWeight: 100, stepPrice: 750, volumetricDivisor: 6000, fuelSurchargeBp: 800 },
  },
  {
    channelId: 'air-sensitive',
    name: 'Sensitive Goods Air Line (batteries, cosmetics)',
    carrier: 'YunExpress',
    deliveryDays: '10-18',
    supportedCargo: ['general', 'sensitive'],
    weightRange: { min: 100, max: 10_000 },
    countries: ['US', 'CA', 'GB', 'DE', 'FR', 'ES', 'IT', 'NL', 'AU', 'JP', 'KR', 'SG'],
    price: { firstWeight: 100, firstPrice: 3_600, stepWeight: 100, stepPrice: 920, volumetricDivisor: 6000, fuelSurchargeBp: 1_000 },
  },
  {
    channelId: 'economy-air',
    name: 'Economy Air Mail (small packets)',
    carrier: 'China Post',
    deliveryDays: '15-30',
    supportedCargo: ['general'],
    weightRange: { min: 50, max: 2_000 },
    countries: [...AMERICAS, ...EUROPE, ...ASIA_PACIFIC, ...MIDDLE_EAST_AFRICA],
    price: { firstWeight: 100, firstPrice: 1_800, stepWeight: 50, stepPrice: 225, volumetricDivisor: null, fuelSurchargeBp: 0 },
  },
  {
    channelId: 'economy-line',
    name: 'Economy Consolidated Line',
    carrier: '4PX',
    deliveryDays: '12-20',
    supportedCargo: ['general', 'sensitive'],
    weightRange: { min: 500, max: 30_000 },
    countries: ['US', 'CA', ...EU_CORE, 'AU', 'NZ', 'MY', 'TH', 'PH', 'SG'],
    price: { firstWeight: 500, firstPrice: 4_500, stepWeight: 500, stepPrice: 1_800, volumetricDivisor: 8000, fuelSurchargeBp: 500 },
  },
  {
    channelId: 'sea-freight',
    name: 'Sea Freight (heavy parcels)',
    carrier: 'COSCO Logistics',
    deliveryDays: '35-50',
    supportedCargo: ['general'],
    weightRange: { min: 5_000, max: 100_000 },
    countries: ['US', 'CA', 'GB', 'DE', 'FR', 'NL', 'ES', 'IT', 'AU', 'NZ', 'JP', 'SG', 'MY'],
    price: { firstWeight: 5_000, firstPrice: 16_000, stepWeight: 1_000, stepPrice: 1_250, volumetricDivisor: 8000, fuelSurchargeBp: 300 },
  },
  {
    channelId: 'sf-asia',
    name: 'SF Express Asia',
    carrier: 'SF Express',
    deliveryDays: '2-4',
    supportedCargo: ['general'],
    weightRange: { min: 500, max: 30_000 },
    countries: ['JP', 'KR', 'SG', 'MY', 'TH', 'PH'],
    price: { firstWeight: 500, firstPrice: 4_200, stepWeight: 500, stepPrice: 1_200, volumetricDivisor: 6000, fuelSurchargeBp: 1_200 },
  },
];
