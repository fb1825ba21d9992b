import { Center, Image, Modal, SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { useWarehouseT } from './bits';

/** The first inspection photo as a thumbnail; a click shows them all. */
export function PhotoThumb({ photos, name, size = 48 }: { photos: string[]; name: string; size?: number }) {
  const t = useWarehouseT();
  const [open, setOpen] = useState(false);
  const first = photos[0];
  if (!first) {
    return (
      <Center w={size} h={size} bg="var(--mantine-color-default-hover)" style={{ borderRadius: 'var(--mantine-radius-sm)' }}>
        <Text size="xs" c="dimmed" ta="center">
          {t('noPhoto')}
        </Text>
      </Center>
    );
  }
  return (
    <>
      <UnstyledButton onClick={() => setOpen(true)} aria-label={t('inspectionPhotos', { name })}>
        <Image src={first} alt={t('inspectionPhoto', { name })} w={size} h={size} radius="sm" fit="cover" />
      </UnstyledButton>
      <Modal opened={open} onClose={() => setOpen(false)} title={t('inspectionPhotos', { name })} size="lg" centered>
        <SimpleGrid cols={{ base: 1, sm: photos.length > 1 ? 2 : 1 }}>
          {photos.map((src, i) => (
            <Image key={src} src={src} alt={t('photoN', { n: i + 1, total: photos.length, name })} radius="md" fit="contain" />
          ))}
        </SimpleGrid>
      </Modal>
    </>
  );
}
