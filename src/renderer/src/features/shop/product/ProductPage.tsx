import { Anchor, Grid, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDeferredValue, useState } from 'react';
import type { Sku } from '../../../api/types';
import { paths } from '../../../app/router';
import { ErrorAlert } from '../../../shared/ErrorAlert';
import { useT } from '../../../shared/i18n';
import { productMessages, useSourceLabel } from '../messages';
import { PlatformBadge } from '../PlatformBadge';
import { AddToCartForm } from './AddToCartForm';
import { FavoriteButton } from './FavoriteButton';
import { ImageGallery } from './ImageGallery';
import { marketplaceItemUrl } from './marketplaceUrl';
import { ProductPrice } from './ProductPrice';
import { ShipEstimate } from '../../warehouse/ShipEstimate';
import { useProduct } from './useProduct';

export function ProductPage({ productId }: { productId: number }) {
  const t = useT(productMessages);
  const product = useProduct(productId);
  // Rendered as a transition (in slices), not in the one blocking task a query's answer gets otherwise.
  const data = useDeferredValue(product.data);
  // The chosen SKU decides the headline price and the picture; before a choice the price is the range's start.
  const [sku, setSku] = useState<Sku | null>(null);
  const platformLabel = useSourceLabel();
  const itemUrl = data ? marketplaceItemUrl(data.platform, data.platformItemId) : null;

  return (
    <Stack gap="md">
      <Anchor href={paths.shop()} size="sm">
        {t('back')}
      </Anchor>
      {product.isError ? (
        <ErrorAlert title={t('loadFailed')} error={product.error} />
      ) : data === undefined ? (
        <Grid>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Skeleton height={360} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Skeleton height={28} width="70%" />
            <Skeleton height={20} mt="md" width="30%" />
            <Skeleton height={120} mt="md" />
          </Grid.Col>
        </Grid>
      ) : (
        <Grid gutter="xl">
          <Grid.Col span={{ base: 12, md: 5 }}>
            <ImageGallery
              title={data.title}
              images={data.images.length ? data.images : [data.imageUrl]}
              override={sku?.image}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap="sm">
              <Title order={2}><span translate="no">{data.title}</span></Title>
              <FavoriteButton productId={data.id} title={data.title} />
              <Group gap="xs">
                <PlatformBadge platform={data.platform} />
                <Text size="sm" c="dimmed">
                  {t('sold', { shop: data.shopName, sales: data.sales.toLocaleString('en-US') })}
                </Text>
                {itemUrl ? (
                  // A new window: the browser opens a tab; the desktop app's window-open handler hands
                  // http(s) links to the system browser (desktop/security.ts isSafeExternalUrl) and never
                  // navigates the app's own window.
                  <Anchor href={itemUrl} target="_blank" rel="noopener noreferrer" size="sm">
                    {t('viewOnMarketplace', { platform: platformLabel(data.platform) })}
                    <Text span size="xs" c="dimmed" ml={4}>
                      {t('opensOutside')}
                    </Text>
                  </Anchor>
                ) : null}
              </Group>
              <ProductPrice product={data} sku={sku} />
              <ShipEstimate items={[{ productId: Number(data.id), ...(sku ? { skuId: sku.skuId } : {}), quantity: 1, title: data.title }]} />
              <Text size="sm">{data.description}</Text>
              <AddToCartForm product={data} onSkuChange={setSku} />
            </Stack>
          </Grid.Col>
        </Grid>
      )}
    </Stack>
  );
}
