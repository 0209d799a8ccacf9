import type { z } from 'zod';
import { countries, country } from './country';
import { bool, item, level, list, num, post, str } from './fields';
import { links } from './links';

const declarationShape = {
  d_name: str,
  d_year: str,
  d_link: str,
  d_pdf: str,
};

const jobDetailShape = {
  jobplace: str,
  jobbegin: str,
  jobend: str,
  jobpost: str,
  jobedrpou: str,
  jobcountry: country(),
  links: links(),
};

const relatedPersonShape = {
  relateid: num,
  active: bool,
  relatepib: str,
  relateshortname: post(str),
  relateaka: str,
  relatetype: num,
  country: country(),
  country_pep: post(countries()),
  country_citizenship: post(countries()),
  country_reg: post(countries()),
  relatedatebith: str,
  relatecategory: post(str),
  relatebrief: str,
  relatebrief_id: num,
  relatelink: num,
  relatecod: str,
  relateorg: str,
  archivelink: bool,
};

const relatedPepShape = {
  idpep: num,
  active: bool,
  namerpep: str,
  akarpep: str,
  type: num,
  country: country(),
  country_pep: post(countries()),
  country_citizenship: post(countries()),
  country_reg: post(countries()),
  datebirthpep: str,
  categoryrpep: str,
  descriptiontyperpep: str,
  briefrpep: str,
  linkrpep: num,
  photorpep: str,
  jobrpep: str,
  relateorg: str,
  archivelink: bool,
  links: links(),
};

export const pepRelatedPersonSchema = item(relatedPersonShape);

export const pepItemSchema = item({
  list: str,
  idpep: num,
  active: bool,
  name: str,
  shortname: post(str),
  aka: str,
  type: num,
  dateb: str,
  yearb: str,
  dateendpep: str,
  pependcomment: str,
  job: str,
  region: str,
  country: country(),
  country_pep: post(countries()),
  country_citizenship: post(countries()),
  country_reg: post(countries()),
  ipn: str,
  photo: str,
  categoryPEP: str,
  typePEP: num,
  descriptiontypePEP: str,
  foreign_relation: bool,
  percent: num,
  level: level,
  sources: links(),
  declarations: list(declarationShape),
  jobdetails: list(jobDetailShape),
  relatedPersons: list(relatedPersonShape),
  relatedPeps: list(relatedPepShape),
});

export type PepItem = z.infer<typeof pepItemSchema>;
export type PepRelatedPerson = z.infer<typeof pepRelatedPersonSchema>;
