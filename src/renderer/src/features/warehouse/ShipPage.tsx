import {
  Alert,
  Anchor,
  Button,
  CloseButton,
  Divider,
  Grid,
  Group,
  NumberInput,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState, type ReactNode } from 'react';
import { navigate, useHashQuery } from '../../app/router';
import { EmptyState } from '../../shared/EmptyState';
import { ErrorAlert } from '../../shared/ErrorAlert';
import { useFormat } from '../../shared/format';
import { AddressPicker, NEW_ADDRESS } from './AddressPicker';
import { CargoBadge, PackageStatusBadge, useLabel, useWarehouseT } from './bits';
import { FreightTable } from './FreightTable';
import {
  cargoTypesOf,
  cheapestCarriable,
  dimensionsOf,
  formatWeight,
  freightRequest,
  freightRows,
  needsSensitiveChannel,
  parsePackageIds,
  shipHash,
  shippingRequest,
  totalWeight,
} from './logic';
import { PhotoThumb } from './PhotoThumb';
import { refusedRecipientField, wordedRefusal } from './recipientErrors';
import { hasErrors, useAddressFieldErrors } from '../../shared/addressRules';
import { useCountryNames } from '../account/countries';
import { useAddresses, useChannels, useCreateShipping, useFreight, useIdempotencyKey, usePackagesById, useShippingPreview, useWallet } from './queries';
import { useSelectionStore } from './selectionStore';
import { ShipCouponPicker } from './ShipCouponPicker';
import { DeclaredPanel, PreviewRows, RehearsalPanel, ServicesPanel, usePackedParcel, useServicesT } from './ShipExtras';
import { openRehearsalOf, sameIds } from './rehearsalOf';
import { useRehearsals } from './servicesQueries';
import type { WarehousePackage } from './types';
import { TitledSection } from '../../shared/TitledSection';
import { GrowingTextarea } from '../../shared/GrowingTextarea';


function Row({ label, value, strong }: { label: string; value: ReactNode; strong?: boolean }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start" role="group" aria-label={label}>
      <Text size="sm" c={strong ? undefined : 'dimmed'} fw={strong ? 600 : undefined}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : 500} ta="right">
        {value}
      </Text>
    </Group>
  );
}

type Dim = number | string;

export function ShipPage() {
  const fmt = useFormat();
  const t = useWarehouseT();
  const ts = useServicesT();
  const label = useLabel();
  const query = useHashQuery();
  const ids = parsePackageIds(query.get('packages'));
  const results = usePackagesById(ids);
  const addresses = useAddresses();
  const { nameOf } = useCountryNames();
  const wallet = useWallet();
  const create = useCreateShipping();
  const clearSelection = useSelectionStore((s) => s.clear);

  const [addressChoice, setAddressChoice] = useState<string | null>(null);
  const [draftCountry, setDraftCountry] = useState<string | null>(null);
  const [dims, setDims] = useState<{ length: Dim; width: Dim; height: Dim }>({ length: '', width: '', height: '' });
  const [channelChoice, setChannelChoice] = useState<string | null>(null);
  const [hideUnusable, setHideUnusable] = useState(false);
  const [remark, setRemark] = useState('');
  // v1.1: a rehearsal of these packages, whether to ship its packed parcel, declared value and insurance.
  // The rehearsal is the one asked for on this page, else an open one of these packages (after a reload or
  // a visit elsewhere: the packages are rehearsing and only it can ship or release them).
  const [chosenRehearsalId, setRehearsalId] = useState<string | null>(null);
  const rehearsals = useRehearsals();
  const openRehearsal = openRehearsalOf(rehearsals.data ?? [], ids);
  const rehearsalId = chosenRehearsalId ?? openRehearsal?.id ?? null;
  const rehearsal = (rehearsals.data ?? []).find((r) => r.id === rehearsalId) ?? null;
  const [useRehearsed, setUseRehearsed] = useState(true);
  const [declared, setDeclared] = useState<number | string>('');
  const [insured, setInsured] = useState(false);
  const packed = usePackedParcel(rehearsalId, useRehearsed);

  // The packages, the service's view of them (one may have been shipped in another window meanwhile).
  const packages = results.map((r) => r.data).filter((p): p is WarehousePackage => p !== undefined);
  const loadingPackages = results.some((r) => r.isPending);
  // Packages in this page's rehearsal are rehearsing, and still shippable (with it).
  const inRehearsal = (p: WarehousePackage) => p.status === 'rehearsing' && rehearsal !== null && rehearsal.inventoryIds.includes(p.id);
  const isBlocked = (p: WarehousePackage) => p.status !== 'in_warehouse' && !inRehearsal(p);
  const unavailable = packages.filter(isBlocked);
  const weight = packed ? packed.weight : totalWeight(packages);
  const cargo = cargoTypesOf(packages);

  // Destination: the chosen saved address, else the default (listed first), else the new address being typed.
  const saved = addresses.data ?? [];
  const choice = addressChoice ?? (saved[0] ? String(saved[0].id) : NEW_ADDRESS);
  const address = choice === NEW_ADDRESS ? null : (saved.find((a) => String(a.id) === choice) ?? null);
  const country = address?.country ?? (choice === NEW_ADDRESS ? draftCountry : null);

  const [debouncedDims] = useDebouncedValue(dims, 300);
  const dimensions = packed ? { length: packed.length, width: packed.width, height: packed.height } : dimensionsOf(debouncedDims);
  const quotes = useFreight(country && weight > 0 ? freightRequest(country, weight, dimensions) : null);
  // A shipping order is billed on the packages' weight alone: with dimensions, that quote is fetched too.
  // (A packed rehearsal is billed on its own dimensions: the quotes are then the billed ones.)
  const billed = useFreight(country && weight > 0 && dimensions && !packed ? freightRequest(country, weight, null) : null);
  const channels = useChannels(country);
  const quotesReady = quotes.data !== undefined && channels.data !== undefined && (dimensions === null || packed !== null || billed.data !== undefined);
  const rows = quotesReady ? freightRows(quotes.data!, channels.data!, cargo, dimensions && !packed ? billed.data : undefined) : [];
  const visibleRows = hideUnusable ? rows.filter((r) => r.carriable) : rows;
  const chosenRow = rows.find((r) => r.quote.channelId === channelChoice && r.carriable) ?? cheapestCarriable(rows);

  const [debouncedDeclared] = useDebouncedValue(declared, 300);
  // v1.2: a claimed shipping coupon, sent to the preview and the create alike.
  const [couponId, setCouponId] = useState<number | null>(null);
  const declaredValue = debouncedDeclared === '' ? null : Number(debouncedDeclared);
  // The rehearsal stands in the way until it is packed and used, or cancelled.
  const rehearsalBlocker = !rehearsal
    ? null
    : !sameIds(rehearsal.inventoryIds, ids)
      ? ts('rehearsalOtherPackages', { id: rehearsal.id })
      : rehearsal.status === 'requested'
        ? ts('rehearsalWaiting')
        : !packed
          ? ts('rehearsalNotUsed')
          : null;
  // The shipment as the service prices it: what the summary shows, and what the create holds.
  const previewRequest =
    country && chosenRow && packages.length === ids.length && unavailable.length === 0 && rehearsalBlocker === null
      ? {
          items: packages.map((p) => ({ inventoryId: p.id, quantity: p.quantity })),
          logisticsChannelId: chosenRow.quote.channelId,
          recipientCountry: country,
          ...(packed ? { rehearsalId: packed.rehearsalId } : {}),
          ...(declaredValue !== null ? { declaredValue } : {}),
          ...(insured ? { insurance: true } : {}),
          ...(couponId !== null ? { couponId } : {}),
        }
      : null;
  // Creating (and once created, until the order's page shows) the packages are being taken: no preview then.
  const preview = useShippingPreview(previewRequest, wallet.data?.availableBalance, { paused: create.isPending || create.isSuccess });
  const priced = previewRequest !== null && preview.data !== undefined && !preview.isPlaceholderData ? preview.data : undefined;
  const body =
    address && previewRequest
      ? { ...shippingRequest(packages, previewRequest.logisticsChannelId, address, remark), ...previewRequest, recipientCountry: address.country }
      : null;
  const idempotencyKey = useIdempotencyKey(body);
  // The service refused the recipient (400 address_invalid): marked on its field in the destination section.
  const { errorsOf } = useAddressFieldErrors();
  const refusedField = refusedRecipientField(create.error);
  const refused = address && hasErrors(refusedField) ? wordedRefusal(refusedField, errorsOf(address)) : {};
  const blocker =
    unavailable.length > 0
      ? t('removeUnavailable')
      : rehearsalBlocker
        ? rehearsalBlocker
        : !address
          ? t('missingAddress')
          : !chosenRow
            ? t('missingChannel')
            : !priced
              ? t('pricing')
              : null;

  const removePackage = (id: number) => {
    useSelectionStore.getState().toggle([id], false);
    const rest = ids.filter((other) => other !== id);
    navigate(rest.length > 0 ? shipHash(rest) : '#/warehouse');
  };

  const submit = () => {
    if (!body || blocker || loadingPackages) return;
    create.mutate(
      { body, idempotencyKey },
      {
        onSuccess: (order) => {
          clearSelection();
          // The detail page says it was created, with the fee frozen and the wallet's frozen total.
          navigate(`#/shipping/${encodeURIComponent(order.orderNo)}?created=1`);
        },
      },
    );
  };

  if (ids.length === 0) {
    return (
      <Stack gap="md">
        <Title order={2}>{t('shipTitle')}</Title>
        <EmptyState title={t('noSelection')}>
          {t('noSelectionHint')} <Anchor href="#/warehouse">{t('goToWarehouse')}</Anchor>
        </EmptyState>
      </Stack>
    );
  }

  const countryName = country ? nameOf(country) : '';

  return (
    <Stack gap="md">
      <Anchor href="#/warehouse" size="sm">
        {t('backToWarehouse')}
      </Anchor>
      <Title order={2}>{t('shipTitle')}</Title>
      <Grid gutter="md">
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <Stack gap="md">
            <TitledSection title={t('shipPackages')} id="ship-packages">
              <Stack gap="xs" role="list" aria-label={t('shipPackages')}>
                {results.map((result, index) => {
                  const id = ids[index]!;
                  if (result.isPending) return <Skeleton key={id} height={56} />;
                  if (result.isError) {
                    return (
                      <Group key={id} wrap="nowrap" role="listitem">
                        <ErrorAlert title={t('packageLoadError', { id })} error={result.error} />
                        <CloseButton aria-label={t('removePackage', { name: `#${id}` })} onClick={() => removePackage(id)} />
                      </Group>
                    );
                  }
                  const pkg = result.data;
                  return (
                    <Group key={id} wrap="nowrap" gap="sm" role="listitem" aria-label={pkg.productName}>
                      <PhotoThumb photos={pkg.inspectionPhotos} name={pkg.productName} size={44} />
                      <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                        <Text size="sm" fw={500} lineClamp={1}>
                          <span translate="no">{pkg.productName}</span>
                        </Text>
                        <Text size="xs" c="dimmed">
                          #{pkg.id} · ×{pkg.quantity} · {formatWeight(pkg.weight)} · {pkg.orderId}
                        </Text>
                        {isBlocked(pkg) ? (
                          <Text size="xs" c="red">
                            {t('packageUnavailable', { status: label('pkg', pkg.status) })}
                          </Text>
                        ) : null}
                      </Stack>
                      <CargoBadge cargo={pkg.cargoType} />
                      {pkg.status !== 'in_warehouse' ? <PackageStatusBadge status={pkg.status} /> : null}
                      <CloseButton aria-label={t('removePackage', { name: pkg.productName })} onClick={() => removePackage(id)} />
                    </Group>
                  );
                })}
              </Stack>
              <Divider />
              <Group gap="xl">
                <Text size="sm">
                  <Text span c="dimmed">
                    {t(packages.length === 1 ? 'packageCountOne' : 'packageCount', { count: packages.length })}
                  </Text>
                </Text>
                <Text size="sm">
                  <Text span c="dimmed">
                    {t('totalWeight')}:{' '}
                  </Text>
                  <Text span fw={700}>
                    {formatWeight(weight)}
                  </Text>
                </Text>
                <Group gap={6} aria-label={t('cargoTypes')} role="group">
                  <Text size="sm" c="dimmed">
                    {t('cargoTypes')}:
                  </Text>
                  {cargo.map((c) => (
                    <CargoBadge key={c} cargo={c} />
                  ))}
                </Group>
              </Group>
              {needsSensitiveChannel(cargo) ? (
                <Alert color="yellow" variant="light" p="xs">
                  {t('sensitiveNote')}
                </Alert>
              ) : null}
            </TitledSection>
            <ServicesPanel packages={packages} currency={wallet.data?.currency} />
            <RehearsalPanel
              packageIds={ids}
              rehearsalId={rehearsalId}
              onRehearsal={setRehearsalId}
              use={useRehearsed}
              onUse={setUseRehearsed}
              fee={preview.data?.rehearsalFee ?? null}
              currency={wallet.data?.currency}
            />
            <TitledSection title={t('dimensions')} id="ship-dimensions">
              <Text size="sm" c="dimmed">
                {t('dimensionsHint')}
              </Text>
              <SimpleGrid cols={3} spacing="sm">
                {(['length', 'width', 'height'] as const).map((side) => (
                  <NumberInput
                    key={side}
                    label={t(side)}
                    value={dims[side]}
                    onChange={(value) => setDims((d) => ({ ...d, [side]: value }))}
                    min={0}
                    max={1000}
                    decimalScale={1}
                    allowNegative={false}
                    hideControls
                  />
                ))}
              </SimpleGrid>
            </TitledSection>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <TitledSection title={t('destination')} id="ship-destination">
            <AddressPicker
              addresses={addresses.data}
              loading={addresses.isPending}
              error={addresses.isError ? addresses.error : null}
              value={choice}
              onChange={(value) => {
                setAddressChoice(value);
                // A refusal was of the address chosen then.
                if (hasErrors(refusedField)) create.reset();
              }}
              onSaved={(saved) => setAddressChoice(String(saved.id))}
              onDraftCountry={setDraftCountry}
              refused={refused}
              onFixed={() => create.reset()}
            />
          </TitledSection>
        </Grid.Col>
      </Grid>

      <TitledSection title={t('freightTitle')} id="ship-freight">
        {!country ? (
          <Text size="sm" c="dimmed">
            {t('chooseDestinationFirst')}
          </Text>
        ) : quotes.isError || channels.isError || billed.isError ? (
          <ErrorAlert title={t('freightError')} error={quotes.error ?? channels.error ?? billed.error} />
        ) : !quotesReady || loadingPackages ? (
          <Stack aria-busy="true">
            <Skeleton height={40} />
            <Skeleton height={40} />
            <Skeleton height={40} />
          </Stack>
        ) : rows.length === 0 ? (
          <Text size="sm">{t('noChannels', { weight: formatWeight(weight), country: countryName })}</Text>
        ) : (
          <>
            <Switch size="sm" label={t('hideUnusable')} checked={hideUnusable} onChange={(e) => setHideUnusable(e.currentTarget.checked)} />
            <FreightTable
              rows={visibleRows}
              selectedId={chosenRow?.quote.channelId ?? null}
              onSelect={setChannelChoice}
              withDimensions={dimensions !== null}
            />
          </>
        )}
      </TitledSection>

      <ShipCouponPicker channelId={chosenRow?.quote.channelId ?? null} value={couponId} onChange={setCouponId} />

      <DeclaredPanel declared={declared} onDeclared={setDeclared} insured={insured} onInsured={setInsured} preview={preview.data} />

      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="ship-summary">
        <Title order={3} size="h4" id="ship-summary" mb="sm">
          {t('summary')}
        </Title>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
          <Stack gap="sm">
            <Row label={t(packages.length === 1 ? 'packageCountOne' : 'packageCount', { count: packages.length })} value={formatWeight(weight)} />
            <Row label={t('destination')} value={address ? `${address.name}, ${address.city}, ${countryName}` : countryName || t('notYet')} />
            <Row label={t('channel')} value={chosenRow ? chosenRow.quote.name : t('noChannelChosen')} />
            <Divider />
            {preview.isError ? (
              <ErrorAlert title={ts('previewError')} error={preview.error} />
            ) : priced ? (
              <>
                <PreviewRows preview={priced} countryName={countryName} />
                <Text size="xs" c="dimmed">
                  {t('feeFrozenNote')}
                </Text>
                <Row label={t('walletAvailable')} value={fmt.money(priced.wallet.availableBalance, priced.currency)} />
                <Row label={t('walletAfter')} value={fmt.money(priced.wallet.availableAfter, priced.currency)} />
                {!priced.wallet.sufficient ? (
                  <Text size="sm" c="red">
                    {t('walletShortBy', { amount: fmt.money(priced.wallet.shortfall, priced.currency) })}
                  </Text>
                ) : null}
              </>
            ) : previewRequest ? (
              <Skeleton height={120} aria-label={t('pricing')} />
            ) : (
              <Row label={t('shippingFee')} value={t('notYet')} strong />
            )}
          </Stack>
          <Stack gap="sm">
            <GrowingTextarea
              label={t('remark')}
              description={t('remarkHint')}
              value={remark}
              onChange={(e) => setRemark(e.currentTarget.value)}
              maxLength={500}
              minRows={2}
            />
            {blocker && !loadingPackages ? (
              <Text size="sm" c="dimmed">
                {blocker}
              </Text>
            ) : null}
            <Button size="md" onClick={submit} disabled={blocker !== null || loadingPackages} loading={create.isPending}>
              {t('createShipping')}
            </Button>
            {create.isError && !hasErrors(refused) ? <ErrorAlert title={t('createError')} error={create.error} /> : null}
          </Stack>
        </SimpleGrid>
      </Paper>
    </Stack>
  );
}
