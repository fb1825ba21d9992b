import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ErrorAlert } from '../../../shared/ErrorAlert';
import { useT } from '../../../shared/i18n';
import { useAddFavorite, useFavorites, useRemoveFavorite } from '../../account/api';
import { favoritesMessages } from '../../account/messages';

/**
 * Adds the product to the favorites or takes it out. Whether it is a favorite is looked up in the first 100
 * favorites (GET /user/favorites?limit=100); adding one that is already there returns the existing favorite.
 */
export function FavoriteButton({ productId, title }: { productId: number; title?: string }) {
  const t = useT(favoritesMessages);
  const favorites = useFavorites(1, 100);
  const add = useAddFavorite();
  const remove = useRemoveFavorite();
  const favorite = favorites.data?.items.find((f) => f.productId === productId) ?? null;
  const busy = add.isPending || remove.isPending;
  const error = add.error ?? remove.error;

  const toggle = () => {
    add.reset();
    remove.reset();
    if (favorite) {
      remove.mutate(favorite.id, { onSuccess: () => notifications.show({ color: 'gray', title: t('removed'), message: title ?? '' }) });
    } else {
      add.mutate(productId, { onSuccess: () => notifications.show({ color: 'pink', title: t('added'), message: title ?? '' }) });
    }
  };

  return (
    <>
      <Button
        variant={favorite ? 'light' : 'default'}
        color="pink"
        size="compact-sm"
        w="fit-content"
        leftSection={<span aria-hidden="true">{favorite ? '♥' : '♡'}</span>}
        onClick={toggle}
        loading={busy || favorites.isPending}
      >
        {favorite ? t('removeFromLabel') : t('addLabel')}
      </Button>
      {error ? <ErrorAlert title={t('toggleError')} error={error} /> : null}
    </>
  );
}
