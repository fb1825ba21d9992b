import { Alert, Badge, Button, Checkbox, Divider, Group, NumberInput, Stack, Switch, Text } from '@mantine/core';
import { useState } from 'react';
import { useT } from '../../shared/i18n';
import { ErrorAlert } from '../../shared/ErrorAlert';
import { useFormat } from '../../shared/format';
import { useEnumWords } from '../../shared/enumWords';
import { formatWeight } from './logic';
import { PhotoThumb } from './PhotoThumb';
import { useIdempotencyKey } from './queries';
import { servicesMessages } from './servicesMessages';
import { useCancelRehearsal, useRehearsal, useRequestRehearsal, useRequestServices, useWarehouseServices } from './servicesQueries';
import type { ShippingPreview, WarehousePackage } from './types';
import { TitledSection } from '../../shared/TitledSection';

/** The v1.1 steps of the ship flow: services, rehearsal packing, declared value and insurance, the breakdown. */
export function useServicesT() {
  return useT(servicesMessages);
}


function PackageServices({ pkg, currency }: { pkg: WarehousePackage; currency?: string }) {
  const fmt = useFormat();
  const t = useServicesT();
  const catalog = useWarehouseServices();
  const words = useEnumWords();
  const request = useRequestServices();
  const [chosen, setChosen] = useState<string[]>([]);
  const [photos, setPhotos] = useState<number | string>(1);
  const taken = new Set(pkg.services.map((s) => s.serviceId));
  const wantsPhotos = chosen.includes('photos');
  const body = { id: pkg.id, serviceIds: chosen, photoCount: wantsPhotos ? Number(photos) || 1 : undefined };
  const idempotencyKey = useIdempotencyKey(body);
  const submit = () =>
    request.mutate({ ...body, idempotencyKey }, { onSuccess: () => setChosen([]) });
  return (
    <Stack gap={6} role="group" aria-label={t('servicesFor', { name: pkg.productName })}>
      <Text size="sm" fw={500} translate="no">
        {t('servicesFor', { name: pkg.productName })}
      </Text>
      {pkg.services.length > 0 ? (
        <Group gap={6}>
          {pkg.services.map((s) => (
            <Badge key={s.requestId} variant="light" color={s.status === 'done' ? 'green' : 'orange'} style={{ textTransform: 'none' }}>
              {t('requested', {
                service: words.service(s.serviceId, catalog.data?.find((c) => c.serviceId === s.serviceId)?.name),
                status: t(s.status === 'done' ? 'serviceDone' : 'servicePending'),
              })}
            </Badge>
          ))}
        </Group>
      ) : null}
      {pkg.status === 'in_warehouse' ? (
        <Group gap="sm" align="flex-end">
          {(catalog.data ?? []).map((s) => (
            <Checkbox
              key={s.serviceId}
              label={`${words.service(s.serviceId, s.name)} (${s.price === 0 ? t('free') : s.unit === 'photo' ? t('perPhoto', { price: fmt.money(s.price, currency) }) : fmt.money(s.price, currency)})`}
              disabled={s.unit === 'package' && taken.has(s.serviceId)}
              checked={chosen.includes(s.serviceId)}
              onChange={(e) => {
                // Read the box now: React may run the updater after the event is done, when currentTarget is null.
                const checked = e.currentTarget.checked;
                setChosen((c) => (checked ? [...c, s.serviceId] : c.filter((x) => x !== s.serviceId)));
              }}
            />
          ))}
          {wantsPhotos ? <NumberInput w={90} label={t('photoCount')} min={1} max={20} value={photos} onChange={setPhotos} /> : null}
          <Button size="xs" variant="light" disabled={chosen.length === 0} loading={request.isPending} onClick={submit}>
            {t('requestServices')}
          </Button>
        </Group>
      ) : null}
      {request.isError ? <ErrorAlert title={t('servicesError')} error={request.error} /> : null}
    </Stack>
  );
}

export function ServicesPanel({ packages, currency }: { packages: readonly WarehousePackage[]; currency?: string }) {
  const t = useServicesT();
  return (
    <TitledSection title={t('servicesTitle')} id="ship-services">
      <Text size="sm" c="dimmed">
        {t('servicesHint')}
      </Text>
      {packages.map((pkg, i) => (
        <Stack key={pkg.id} gap="sm">
          {i > 0 ? <Divider /> : null}
          <PackageServices pkg={pkg} currency={currency} />
        </Stack>
      ))}
    </TitledSection>
  );
}

/** The parcel a finished rehearsal packed: what the quote and the shipping order use instead of the loose packages. */
export interface RehearsedParcel {
  rehearsalId: string;
  weight: number;
  length: number;
  width: number;
  height: number;
}

/**
 * Request, follow and cancel a rehearsal of the chosen packages. Reports the packed parcel (or null) to
 * the page, which then quotes and ships it.
 */
export function RehearsalPanel({
  packageIds,
  rehearsalId,
  onRehearsal,
  use,
  onUse,
  fee,
  currency,
}: {
  packageIds: number[];
  rehearsalId: string | null;
  onRehearsal: (id: string | null) => void;
  use: boolean;
  onUse: (use: boolean) => void;
  /** What a rehearsal costs now, from the shipping preview (unknown until it answers). */
  fee: number | null;
  currency?: string;
}) {
  const fmt = useFormat();
  const t = useServicesT();
  const rehearsal = useRehearsal(rehearsalId);
  const request = useRequestRehearsal();
  const cancel = useCancelRehearsal();
  const requestKey = useIdempotencyKey({ packageIds });
  const cancelKey = useIdempotencyKey({ cancel: rehearsalId });
  const r = rehearsal.data;
  return (
    <TitledSection title={t('rehearsalTitle')} id="ship-rehearsal">
      <Text size="sm" c="dimmed">
        {fee === null ? t('rehearsalHintNoFee') : t('rehearsalHint', { fee: fmt.money(fee, currency) })}
      </Text>
      {!r || r.status === 'cancelled' || r.status === 'used' ? (
        <Group>
          <Button
            variant="light"
            loading={request.isPending}
            onClick={() => request.mutate({ inventoryIds: packageIds, idempotencyKey: requestKey }, { onSuccess: (created) => onRehearsal(created.id) })}
          >
            {t('requestRehearsal')}
          </Button>
        </Group>
      ) : r.status === 'requested' ? (
        <Alert color="blue" variant="light">
          {t('rehearsalRequested', { id: r.id })}
        </Alert>
      ) : (
        <Group wrap="nowrap" align="flex-start" gap="md">
          <PhotoThumb photos={r.photos} name={r.id} size={72} />
          <Stack gap={4}>
            <Text size="sm" fw={600} aria-label="packed parcel">
              {t('rehearsalPacked', { weight: formatWeight(r.packedWeight ?? 0), length: r.length ?? 0, width: r.width ?? 0, height: r.height ?? 0 })}
            </Text>
            <Switch label={t('useRehearsal')} checked={use} onChange={(e) => onUse(e.currentTarget.checked)} />
          </Stack>
        </Group>
      )}
      {r && (r.status === 'requested' || r.status === 'packed') ? (
        <Group>
          <Button
            size="xs"
            variant="subtle"
            color="red"
            loading={cancel.isPending}
            onClick={() => cancel.mutate({ id: r.id, idempotencyKey: cancelKey }, { onSuccess: () => onRehearsal(null) })}
          >
            {t('cancelRehearsal')}
          </Button>
        </Group>
      ) : null}
      {request.isError || cancel.isError ? <ErrorAlert title={t('rehearsalError')} error={request.error ?? cancel.error} /> : null}
    </TitledSection>
  );
}

/** The packed parcel the page should quote, when a packed rehearsal of exactly these packages is used. */
export function usePackedParcel(rehearsalId: string | null, use: boolean): RehearsedParcel | null {
  const rehearsal = useRehearsal(rehearsalId);
  const r = rehearsal.data;
  if (!use || !r || r.status !== 'packed' || r.packedWeight === null || r.length === null || r.width === null || r.height === null) return null;
  return { rehearsalId: r.id, weight: r.packedWeight, length: r.length, width: r.width, height: r.height };
}

export function DeclaredPanel({
  declared,
  onDeclared,
  insured,
  onInsured,
  preview,
}: {
  declared: number | string;
  onDeclared: (value: number | string) => void;
  insured: boolean;
  onInsured: (value: boolean) => void;
  /** The service's figures (rate, minimum, the default declared value), once it has priced the shipment. */
  preview: ShippingPreview | undefined;
}) {
  const fmt = useFormat();
  const t = useServicesT();
  const currency = preview?.currency;
  return (
    <TitledSection title={t('declaredTitle')} id="ship-declared">
      <NumberInput
        label={t('declaredValue')}
        description={preview?.declaredValueIsDefault ? t('declaredHintAmount', { amount: fmt.money(preview.declaredValue, currency) }) : t('declaredHint')}
        value={declared}
        onChange={onDeclared}
        min={0}
        decimalScale={2}
        allowNegative={false}
        hideControls
        w={220}
      />
      <Switch
        label={t('insurance')}
        description={
          preview
            ? t('insuranceHint', { rate: fmt.number(preview.insuranceRate), minimum: fmt.money(preview.insuranceMinimum, currency) })
            : t('insuranceHintNoQuote')
        }
        checked={insured}
        onChange={(e) => onInsured(e.currentTarget.checked)}
      />
    </TitledSection>
  );
}

/** Why the duties estimate is what it is, in words (the preview's reason, never a figure of our own). */
export function useDutiesText() {
  const fmt = useFormat();
  const t = useServicesT();
  return (p: Pick<ShippingPreview, 'currency' | 'declaredValue' | 'duties'>, countryName: string) =>
    p.duties.reason === 'no_duty'
      ? t('dutiesNone', { country: countryName })
      : p.duties.reason === 'de_minimis'
        ? t('dutiesDeMinimis', { country: countryName, value: fmt.money(p.declaredValue, p.currency), deMinimis: fmt.money(p.duties.deMinimis, p.currency) })
        : t('dutiesRate', { country: countryName, rate: fmt.number(p.duties.rate), deMinimis: fmt.money(p.duties.deMinimis, p.currency) });
}

/** The shipment as the service priced it (POST /shipping/preview): what is held now, what was paid already, duties. */
export function PreviewRows({ preview, countryName }: { preview: ShippingPreview; countryName: string }) {
  const fmt = useFormat();
  const t = useServicesT();
  const dutiesText = useDutiesText();
  const currency = preview.currency;
  const row = (label: string, value: string, options: { strong?: boolean; note?: string } = {}) => (
    <Stack gap={0} role="group" aria-label={label}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" c={options.strong ? undefined : 'dimmed'} fw={options.strong ? 600 : undefined}>
          {label}
        </Text>
        <Text size="sm" fw={options.strong ? 700 : 500}>
          {value}
        </Text>
      </Group>
      {options.note ? (
        <Text size="xs" c="dimmed">
          {options.note}
        </Text>
      ) : null}
    </Stack>
  );
  const paidAlready = preview.servicesPaid > 0 || preview.rehearsal !== null;
  return (
    <Stack gap={4} aria-label={t('breakdownTitle')}>
      {row(t('shippingFee'), fmt.money(preview.shippingFee, currency))}
      {preview.fuelSurcharge > 0 ? row(t('fuel'), fmt.money(preview.fuelSurcharge, currency)) : null}
      {preview.couponDiscount > 0 ? row(t('couponDiscount'), `−${fmt.money(preview.couponDiscount, currency)}`) : null}
      {row(t('insurancePremium'), fmt.money(preview.insurancePremium, currency), {
        note: preview.insurance ? t('insuredValue', { amount: fmt.money(preview.declaredValue, currency) }) : t('notInsured'),
      })}
      {row(t('storageFees'), fmt.money(preview.storageFees, currency))}
      {row(t('total'), fmt.money(preview.totalCharge, currency), { strong: true })}
      {paidAlready ? (
        <Text size="xs" c="dimmed" mt={4}>
          {[
            preview.servicesPaid > 0 ? t('servicesPaid', { amount: fmt.money(preview.servicesPaid, currency) }) : null,
            preview.rehearsal ? t('rehearsalPaid', { amount: fmt.money(preview.rehearsal.fee, currency) }) : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        </Text>
      ) : null}
      {row(t('estimatedDuties'), fmt.money(preview.estimatedDuties, currency), { note: dutiesText(preview, countryName) })}
    </Stack>
  );
}
