import { Anchor, Button, Group, Image, Modal, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { useState, type KeyboardEvent } from 'react';
import { useT } from '../../../shared/i18n';
import { detailMessages } from '../messages';

/**
 * Thumbnails that open a large view in a modal, stepping with buttons or the arrow keys. Every picture
 * says what it shows (the product, photo n of m, the order) to a screen reader.
 */
export function PhotoViewer({ photos, orderNo, product, label }: { photos: string[]; orderNo: string; product: string; label?: string }) {
  const t = useT(detailMessages);
  const [open, setOpen] = useState<number | null>(null);
  const count = photos.length;
  const step = (delta: number) => setOpen((index) => (index === null ? null : (index + delta + count) % count));
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') step(-1);
    if (event.key === 'ArrowRight') step(1);
  };
  const current = open === null ? null : photos[open];

  return (
    <>
      <SimpleGrid cols={{ base: 3, sm: 4 }} spacing="xs" role="list" aria-label={label ?? t('photos')}>
        {photos.map((src, index) => (
          <div key={src} role="listitem">
            <UnstyledButton
              onClick={() => setOpen(index)}
              aria-label={t('photoThumb', { n: index + 1, count })}
              w="100%"
              style={{ display: 'block', borderRadius: 'var(--mantine-radius-sm)', overflow: 'hidden', border: '1px solid var(--mantine-color-default-border)' }}
            >
              <Image src={src} alt={t('photoAlt', { n: index + 1, count, orderNo, product })} h={96} fit="cover" />
            </UnstyledButton>
          </div>
        ))}
      </SimpleGrid>
      <Modal
        opened={current !== null && current !== undefined}
        onClose={() => setOpen(null)}
        title={open === null ? '' : t('photoViewer', { n: open + 1, count })}
        size="xl"
        centered
        onKeyDown={onKeyDown}
      >
        {open !== null && current ? (
          <Stack gap="sm">
            <Image
              src={current}
              alt={t('photoAlt', { n: open + 1, count, orderNo, product })}
              h="min(70vh, 560px)"
              fit="contain"
              bg="var(--mantine-color-default-hover)"
              radius="sm"
            />
            <Group justify="space-between">
              <Button variant="default" onClick={() => step(-1)} disabled={count < 2}>
                {t('previous')}
              </Button>
              <Text size="sm" c="dimmed" aria-live="polite">
                {open + 1} / {count}
              </Text>
              <Button variant="default" onClick={() => step(1)} disabled={count < 2}>
                {t('next')}
              </Button>
            </Group>
            <Anchor href={current} target="_blank" rel="noreferrer" size="xs">
              {t('openOriginal')}
            </Anchor>
          </Stack>
        ) : null}
      </Modal>
    </>
  );
}
