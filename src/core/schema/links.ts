import type { z } from 'zod';
import { item, list, str } from './fields';

/** Link item of `sources` and `links` lists. */
export const linkShape = {
  site: str,
  pdf: str,
  brief: str,
};

export const linkItemSchema = item(linkShape);
export type LinkItem = z.infer<typeof linkItemSchema>;

export const links = () => list(linkShape);
