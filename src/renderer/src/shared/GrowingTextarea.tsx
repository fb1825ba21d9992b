import { Textarea, type TextareaProps } from '@mantine/core';
import type { CSSProperties } from 'react';
import classes from './GrowingTextarea.module.css';

type GrowingTextareaProps = Omit<TextareaProps, 'autosize' | 'rows' | 'classNames' | 'styles'> & {
  /** Rows shown when empty (2 by default). */
  minRows?: number;
  /** Rows it grows to before it scrolls; unbounded when absent. */
  maxRows?: number;
};

/** A Textarea that grows with its text, sized by CSS rather than by measuring (GrowingTextarea.module.css). */
export function GrowingTextarea({ minRows = 2, maxRows, ...props }: GrowingTextareaProps) {
  const rows = { '--growing-min-rows': minRows, '--growing-max-rows': maxRows } as CSSProperties;
  return (
    <Textarea
      {...props}
      rows={minRows}
      classNames={{ input: maxRows === undefined ? classes.input : `${classes.input} ${classes.bounded}` }}
      styles={{ input: rows }}
    />
  );
}
