import { Anchor, Button, Card, Group, Image, Pagination, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { paths } from '../../app/router';
import { EmptyState } from '../../shared/EmptyState';
import { ErrorAlert } from '../../shared/ErrorAlert';
import { useT } from '../../shared/i18n';
import { useFormat } from '../../shared/format';
import { useFavorites, useRemoveFavorite, type Favorite } from './api';
import { pageCount } from './logic';
import { commonMessages, favoritesMessages } from './messages';

const PAGE_SIZE = 24;

function FavoriteCard({ favorite, onRemove, removing }: { favorite: Favorite; onRemove: () => void; removing: boolean }) {
  const fmt = useFormat();
  const t = useT(favoritesMessages);
  const formatDate = (iso: string, withTime = false) => fmt.date(iso, withTime ? 'dateTime' : 'date');
  const href = paths.product(favorite.productId);
  return (
    <Card withBorder radius="md" padding="sm" role="listitem" aria-label={favorite.title}>
      <Card.Section>
        <a href={href} tabIndex={-1} aria-hidden="true">
          <Image src={favorite.imageUrl} alt="" h={180} fit="cover" loading="lazy" />
        </a>
      </Card.Section>
      <Stack gap={4} mt="sm">
        <Anchor href={href} fw={600} size="sm" lineClamp={2} c="inherit">
          <span translate="no">{favorite.title}</span>
        </Anchor>
        <Text fw={700} c="orange">
          {fmt.money(favorite.price, favorite.currency)}
        </Text>
        <Group justify="space-between" wrap="nowrap">
          <Text size="xs" c="dimmed">
            {t('addedOn', { date: formatDate(favorite.addedAt) })}
          </Text>
          <Button size="compact-xs" variant="subtle" color="red" onClick={onRemove} loading={removing} aria-label={t('removeLabel', { title: favorite.title })}>
            {t('remove')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

export function FavoritesPage() {
  const t = useT(favoritesMessages);
  const c = useT(commonMessages);
  const [page, setPage] = useState(1);
  const favorites = useFavorites(page, PAGE_SIZE);
  const remove = useRemoveFavorite();
  const data = favorites.data;
  const pages = data ? pageCount(data.total, PAGE_SIZE) : 1;

  const onRemove = (favorite: Favorite) =>
    remove.mutate(favorite.id, {
      onSuccess: () => {
        notifications.show({ color: 'green', title: t('removed'), message: favorite.title });
        // The last card of a later page: step back so the grid is not empty.
        if (data && data.items.length === 1 && page > 1) setPage(page - 1);
      },
    });

  return (
    <Stack gap="md">
      <Group justify="space-between" align="baseline">
        <Title order={2}>{t('title')}</Title>
        {data && data.total > 0 ? (
          <Text c="dimmed" size="sm">
            {t('count', { count: data.total })}
          </Text>
        ) : null}
      </Group>
      {remove.isError ? <ErrorAlert title={t('removeError')} error={remove.error} /> : null}
      {favorites.isPending ? (
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} aria-busy="true" aria-label={c('loading')}>
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} height={280} />
          ))}
        </SimpleGrid>
      ) : favorites.isError ? (
        <ErrorAlert title={t('loadError')} error={favorites.error} />
      ) : data!.items.length === 0 ? (
        <EmptyState title={t('empty')}>
          {t('emptyHint')} <Anchor href={paths.shop()}>{t('shopLink')}</Anchor>
        </EmptyState>
      ) : (
        <>
          <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} role="list" aria-label={t('listLabel')}>
            {data!.items.map((favorite) => (
              <FavoriteCard key={favorite.id} favorite={favorite} onRemove={() => onRemove(favorite)} removing={remove.isPending && remove.variables === favorite.id} />
            ))}
          </SimpleGrid>
          {pages > 1 ? (
            <Group justify="center">
              <Pagination
                total={pages}
                value={page}
                onChange={setPage}
                getControlProps={(control) => (control === 'previous' ? { 'aria-label': c('previous') } : control === 'next' ? { 'aria-label': c('next') } : {})}
              />
            </Group>
          ) : null}
        </>
      )}
    </Stack>
  );
}
