import { Button, Group, Modal, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

export interface ConfirmModalProps {
  opened: boolean;
  title: string;
  /** What the question is about: the sentences above the two buttons. */
  children: ReactNode;
  confirmLabel: string;
  /** The confirming button's colour: red for what cannot be undone, the theme's own by default. */
  confirmColor?: string;
  cancelLabel: string;
  /** The confirmed action is under way: neither button nor the close answers until it has settled. */
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * "Pay ¥12.00?" and the like: a question before an action that moves money or cannot be undone, with a
 * keep-it button and a do-it button. While the action runs the dialog stays and ignores a second click.
 */
export function ConfirmModal({ opened, title, children, confirmLabel, confirmColor, cancelLabel, busy, onConfirm, onCancel }: ConfirmModalProps) {
  const cancel = () => (busy ? undefined : onCancel());
  const confirm = () => (busy ? undefined : onConfirm());
  return (
    <Modal opened={opened} onClose={cancel} title={title} centered>
      <Stack gap="md">
        {children}
        <Group gap="xs" justify="flex-end">
          <Button variant="default" onClick={cancel} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button color={confirmColor} loading={busy} onClick={confirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
