/** Word lists and fixed names the demo data is built from. */

export const GROUP_THEMES: readonly string[] = [
  'Spring Campaign',
  'Product Launch',
  'Webinar Series',
  'Holiday Sale',
  'Partner Program',
  'Customer Stories',
  'Developer Portal',
  'Pricing Experiments',
  'Newsletter Signup',
  'Trade Show',
  'Mobile App Promo',
  'Free Trial',
  'Black Friday',
  'Careers',
  'Regional Offers',
  'Onboarding Guides',
];

export const GOALS: readonly string[] = [
  'Lead generation',
  'Newsletter signups',
  'Product sales',
  'Event registrations',
  'App downloads',
  'Brand awareness',
  'Demo requests',
];

export const PAGE_ADJECTIVES: readonly string[] = [
  'Hero',
  'Minimal',
  'Bold',
  'Classic',
  'Video',
  'Long-form',
  'Short-form',
  'Dark',
  'Light',
  'Seasonal',
];

export const PAGE_NOUNS: readonly string[] = [
  'landing',
  'signup form',
  'offer',
  'teaser',
  'checkout',
  'thank-you page',
  'comparison',
  'testimonial wall',
];

export const CUSTOM_NAMES: readonly string[] = [
  'Homepage hero test B',
  'Q3 retargeting variant',
  'CEO keynote replay',
  'Winning variant (keep!)',
  'Legal-approved copy',
  'Mobile-first layout',
];

/** Names in several scripts, for the international group (grp-3). */
export const INTERNATIONAL_NAMES: readonly string[] = [
  '東京オフィス 春のキャンペーン',
  '北京 产品发布会',
  '서울 신제품 출시',
  'عرض خاص لشهر رمضان',
  'עמוד נחיתה לקיץ',
  'Рождественская распродажа',
  'Προσφορά καλοκαιριού',
  'हिंदी लैंडिंग पेज',
  'หน้าโปรโมชั่นพิเศษ',
  '🚀 Launch day 🎉',
  '👩‍💻 Developer portal 🇯🇵',
  'Café crème brûlée — édition spéciale',
  'Ñandú piñata, señor Müller ça va? Ærøskøbing',
  'An exceptionally long page name that keeps going well past any reasonable column width ' +
    'so that truncation by display width can be seen and checked — ' +
    'it mixes in 漢字 and عربي and emoji 🌍🌏🌎 near the end to make the cut interesting',
];

export const INTERNATIONAL_CUSTOM_NAMES: readonly string[] = [
  '春のセール（最終版）',
  'النسخة النهائية',
  '🔥 Hot deal 🔥',
  'Version française définitive',
];

export const INTERNATIONAL_GROUP_TITLE = 'International — 国際 — دولي — 🌍';

/** Turns a title into a URL slug (ASCII letters and digits only). */
export function slugify(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
