import { list, str } from './fields';

/** Link item of `sources` and `links` lists. */
export const linkShape = {
  site: str,
  pdf: str,
  brief: str,
};

export const links = () => list(linkShape);
