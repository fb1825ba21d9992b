import { Button, Group, Modal, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { ErrorAlert } from '../../shared/ErrorAlert';
import { useT } from '../../shared/i18n';
import { cartMessages } from './messages';
import { useClearCart } from './useCartMutations';

export function ClearCartButton({ lines }: { lines: number }) {
  const t = useT(cartMessages);
  const [opened, { open, close }] = useDisclosure(false);
  const clear = useClearCart();

  const confirm = () => clear.mutate(undefined, { onSuccess: close });

  return (
    <>
      <Button variant="default" color="red" onClick={open}>
        {t('clear')}
      </Button>
      <Modal opened={opened} onClose={close} title={t('clearTitle')} centered>
        <Text size="sm">
          {lines === 1 ? t('clearBodyOne') : t('clearBodyMany', { lines })}
        </Text>
        {clear.isError ? <ErrorAlert title={t('clearFailed')} error={clear.error} /> : null}
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={close}>
            {t('keep')}
          </Button>
          <Button color="red" onClick={confirm} loading={clear.isPending}>
            {t('confirmClear')}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
