import { Group, Image, Stack, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { useT } from '../../../shared/i18n';
import { productMessages } from '../messages';

interface Props {
  title: string;
  images: string[];
  /** The chosen SKU's own picture: shown until the user picks a thumbnail. */
  override?: string | undefined;
}

export function ImageGallery({ title, images, override }: Props) {
  const t = useT(productMessages);
  const [index, setIndex] = useState(0);
  // The override that was showing when the user last picked a thumbnail; a new override shows again.
  const [dismissed, setDismissed] = useState<string | undefined>();
  const showOverride = override !== undefined && override !== dismissed;
  const current = showOverride ? override : (images[index] ?? images[0]);

  return (
    <Stack gap="sm">
      <Image src={current} alt={title} radius="md" h={360} fit="contain" bg="var(--mantine-color-default-hover)" />
      {images.length > 1 ? (
        <Group gap="xs" role="group" aria-label={t('images')}>
          {images.map((src, i) => {
            const selected = !showOverride && i === index;
            return (
              <UnstyledButton
                key={src}
                onClick={() => {
                  setIndex(i);
                  setDismissed(override);
                }}
                aria-label={t('showImage', { n: i + 1, count: images.length })}
                aria-pressed={selected}
                style={{
                  borderRadius: 'var(--mantine-radius-sm)',
                  outline: selected ? '2px solid var(--mantine-primary-color-filled)' : undefined,
                  outlineOffset: 2,
                }}
              >
                <Image src={src} alt="" w={64} h={64} radius="sm" fit="cover" />
              </UnstyledButton>
            );
          })}
        </Group>
      ) : null}
    </Stack>
  );
}
