/**
 * The words the generated tenants are made of: names, mail domains, site types, and the alphabets of keys and
 * booking references.
 */

export const KEY_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
// Crockford base32 without I, L, O, U (docs/api-behaviour.md §3).
export const REFERENCE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

export const FIRST_NAMES = [
  'Anna',
  'Luca',
  'Mia',
  'Noah',
  'Lea',
  'Leon',
  'Laura',
  'Elias',
  'Sara',
  'Jonas',
  'Nina',
  'David',
  'Lena',
  'Matteo',
  'Chiara',
  'Nico',
  'Julia',
  'Samuel',
  'Elena',
  'Tim',
  'Céline',
  'Yannick',
  'Chloé',
  'Loïc',
  'Zoé',
  'Reto',
  'Ursula',
  'Beat',
  'Heidi',
  'Jürg',
  'Vreni',
  'Andrea',
  'Marco',
  'Giulia',
  'Sandro',
  'Fabienne',
  'Thomas',
  'Ruth',
  'Stefan',
];
export const LAST_NAMES = [
  'Müller',
  'Meier',
  'Schmid',
  'Keller',
  'Weber',
  'Huber',
  'Schneider',
  'Meyer',
  'Steiner',
  'Fischer',
  'Gerber',
  'Brunner',
  'Baumann',
  'Frei',
  'Zimmermann',
  'Moser',
  'Widmer',
  'Wyss',
  'Graf',
  'Roth',
  'Bianchi',
  'Rossi',
  'Favre',
  'Bonvin',
  'Rochat',
  'Girard',
  'Zürcher',
  'Hofstetter',
  'Lüthi',
  'Bachmann',
  'Suter',
  'Kälin',
  'Imhof',
  'Arnold',
];
export const MAIL_DOMAINS = ['bluewin.ch', 'gmx.ch', 'sunrise.ch', 'hispeed.ch', 'gmail.com', 'outlook.com', 'proton.me'];
export const SITE_TYPES = [
  { id: 1, name: 'Tent pitch', occupants: [2, 4], price: [2200, 3800] },
  { id: 2, name: 'Camper pitch', occupants: [2, 6], price: [3500, 5500] },
  { id: 3, name: 'Caravan pitch', occupants: [4, 6], price: [4000, 6500] },
  { id: 4, name: 'Cabin', occupants: [2, 5], price: [8000, 14_000] },
  { id: 5, name: 'Glamping tent', occupants: [2, 4], price: [11_000, 18_000] },
] as const;
/** The calendar tenant's ten types (bench/README.md, "Shapes of load"): the five above and five more. */
export const SELLING_SITE_TYPES = [
  ...SITE_TYPES,
  { id: 6, name: 'Motorhome pitch', occupants: [2, 6], price: [4000, 6000] },
  { id: 7, name: 'Lakeside tent pitch', occupants: [2, 4], price: [3000, 4500] },
  { id: 8, name: 'Bungalow', occupants: [4, 6], price: [12_000, 20_000] },
  { id: 9, name: 'Tipi', occupants: [2, 5], price: [7000, 11_000] },
  { id: 10, name: 'Group field', occupants: [6, 12], price: [9000, 15_000] },
] as const;
export const SITE_NAMES = ['', '', '', 'Riverside', 'Panorama', 'Waldrand', 'Seeblick', 'Sonnenhang', 'Birkenweg', 'Alpenrose'];
