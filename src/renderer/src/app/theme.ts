import { createTheme, darken, luminance, mergeThemeOverrides, type CSSVariablesResolver, type MantineColorsTuple, type MantineTheme, type MantineThemeOverride } from '@mantine/core';

/**
 * Mantine's orange, deepened from shade 5 on so that orange text (links, prices, the active nav entry) and
 * white text on orange buttons reach WCAG AA contrast; the light shades are Mantine's own.
 */
const orange: MantineColorsTuple = ['#fff4e6', '#ffe8cc', '#ffd8a8', '#ffc078', '#ffa94d', '#e8590c', '#c2410c', '#b13b0b', '#9a3412', '#7c2d12'];

export const theme = createTheme({
  primaryColor: 'orange',
  colors: { orange },
  primaryShade: { light: 6, dark: 8 },
  defaultRadius: 'md',
  // The OS setting "reduce motion" is honoured (WCAG 2.3.3): modals, drawers and menus appear without
  // their transition. The browser tests run that way too (playwright.config.ts): a click there landed on a
  // dialog still sliding into place, 29 px above where its button ended up.
  respectReducedMotion: true,
  // The CJK faces Linux desktops carry (Noto on Ubuntu and Fedora, WenQuanYi on Debian) are named: the
  // header's "中文" otherwise sends Chromium to fontconfig's fallback search inside the first layout
  // (about 12 ms of that layout at 4x CPU here, measured with the font named against without).
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "PingFang SC", "Microsoft YaHei", "Noto Sans CJK SC", "WenQuanYi Micro Hei", sans-serif',
  components: {
    // A link inside a sentence must not be told apart by colour alone (WCAG 1.4.1).
    Anchor: { defaultProps: { underline: 'always' } },
    // Mantine keeps every closed Select's dropdown in the page, and floating-ui positions each one in a
    // layout effect at mount: four Selects in the shop's first render forced layout for ~130 ms of a 4x
    // throttled load (docs/PERFORMANCE.md). A dropdown now mounts when it opens, positioned then.
    Combobox: { defaultProps: { keepMounted: false } },
  },
});

/**
 * The theme with the words Mantine's own controls carry, in the UI's language: the close button of every
 * modal, drawer and notification is an icon, and without a name a screen reader says only "button".
 */
export function themeWithLabels(labels: { close: string }): MantineThemeOverride {
  const closeButtonProps = { 'aria-label': labels.close };
  return mergeThemeOverrides(
    theme,
    createTheme({
      components: {
        Modal: { defaultProps: { closeButtonProps } },
        Drawer: { defaultProps: { closeButtonProps } },
        Notification: { defaultProps: { closeButtonProps } },
      },
    }),
  );
}

const contrastWithWhite = (color: string) => 1.05 / (luminance(color) + 0.05);

/**
 * The lightest tone of a palette that white text on it, or it as text on white or on its own light tint,
 * reads at 4.5:1 (WCAG AA): with a margin for the tint, 5.4 against white. Mantine's defaults (green.6,
 * teal.6, red.6 ...) are under 3.5, so badges, light buttons, coloured text and filled buttons all use it.
 */
export function readableTone(palette: readonly string[]): string {
  const candidates = [palette[6]!, palette[7]!, palette[8]!, palette[9]!, darken(palette[9]!, 0.15), darken(palette[9]!, 0.3)];
  return candidates.find((color) => contrastWithWhite(color) >= 5.4) ?? darken(palette[9]!, 0.45);
}

const NEUTRALS = new Set(['dark', 'gray']);

/**
 * axe-checked colours (test/e2e/accessibility.spec.ts, every main page in both themes): coloured text,
 * light-variant text (badges, light buttons, the active nav entry) and filled backgrounds use each
 * palette's readable tone; dimmed text is one step darker (light) or lighter (dark) than Mantine's.
 */
export const cssVariablesResolver: CSSVariablesResolver = (t: MantineTheme) => {
  const light: Record<string, string> = {
    '--mantine-color-dimmed': t.colors.gray[7]!,
    '--mantine-color-anchor': readableTone(t.colors.orange),
    // Gray badges and light buttons (a cancelled order) read at 4.5:1 too: Mantine's gray.6 on its tint is 2.86:1.
    '--mantine-color-gray-light-color': readableTone(t.colors.gray),
    '--mantine-color-gray-text': readableTone(t.colors.gray),
    '--mantine-color-gray-outline': readableTone(t.colors.gray),
  };
  const dark: Record<string, string> = { '--mantine-color-dimmed': t.colors.dark[1]!, '--mantine-color-anchor': t.colors.orange[4]! };
  for (const [name, palette] of Object.entries(t.colors)) {
    if (NEUTRALS.has(name)) continue;
    const tone = readableTone(palette);
    light[`--mantine-color-${name}-text`] = tone;
    light[`--mantine-color-${name}-light-color`] = tone;
    light[`--mantine-color-${name}-filled`] = tone;
    light[`--mantine-color-${name}-filled-hover`] = darken(tone, 0.1);
    dark[`--mantine-color-${name}-filled`] = tone;
    dark[`--mantine-color-${name}-filled-hover`] = darken(tone, 0.1);
  }
  return { variables: {}, light, dark };
};
