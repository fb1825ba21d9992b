import { Button, Group, Modal, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { ErrorAlert } from '../../shared/ErrorAlert';
import { useClearCart } from './useCartMutations';

export function ClearCartButton({ lines }: { lines: number }) {
  const [opened, { open, close }] = useDisclosure(false);
  const clear = useClearCart();

  const confirm = () => clear.mutate(undefined, { onSuccess: close });

  return (
    <>
      <Button variant="default" color="red" onClick={open}>
        Clear cart
      </Button>
      <Modal opened={opened} onClose={close} title="Clear the cart?" centered>
        <Text size="sm">
          This removes {lines === 1 ? 'the one line' : `all ${lines} lines`} from the cart. It cannot be undone.
        </Text>
        {clear.isError ? <ErrorAlert title="Cart not cleared" error={clear.error} /> : null}
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={close}>
            Keep the cart
          </Button>
          <Button color="red" onClick={confirm} loading={clear.isPending}>
            Yes, clear the cart
          </Button>
        </Group>
      </Modal>
    </>
  );
}
