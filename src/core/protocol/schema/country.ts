import type { z } from 'zod';
import { bool, item, list, num, obj, post, str } from './fields';

/** Country risk block: used by every field named country*, jobcountry, countr*_risks. */
export const countryRiskShape = {
  codecountr: post(num),
  countryname: str,
  countrynamelat: str,
  country_2dig: str,
  country_3dig: str,
  eublack: bool,
  eugray: bool,
  fatfblack: bool,
  fatfgray: bool,
  oecdblack: bool,
  oecdgray: bool,
  kmu1045: bool,
  kmu143: bool,
  terrorism: bool,
  coruption: num,
  haven: num,
  global: num,
  doubletax: bool,
  thirdcountries: bool,
  moneylaundering: num,
  terrorismindex: num,
  sectoral: bool,
  dangerous: bool,
  eresident: bool,
};

export const countryRiskSchema = item(countryRiskShape);
export type CountryRisk = z.infer<typeof countryRiskSchema>;

/** A single country risk block field. */
export const country = () => obj(countryRiskShape);
/** A field holding an array of country risk blocks. */
export const countries = () => list(countryRiskShape);
