import { type I18nText, LOCALES, type Locale } from './types.ts';

/** Texts in the eight locales, in the order en, fr, zh, es, pt, de, ar, ru. */
const t = (en: string, fr: string, zh: string, es: string, pt: string, de: string, ar: string, ru: string): I18nText => ({
  en_US: en, fr_FR: fr, zh_CN: zh, es_ES: es, pt_BR: pt, de_DE: de, ar_SA: ar, ru_RU: ru,
});

/** Each locale's text built from a plan's text in that locale (`{plan}` in the template). */
const fill = (template: I18nText, plan: I18nText): I18nText =>
  Object.fromEntries(LOCALES.map((l: Locale) => [l, template[l].replace('{plan}', plan[l])])) as I18nText;

export interface PlanGroupSeed {
  key: 'individual' | 'professional';
  name: I18nText;
  description: I18nText;
}

export const planGroups: PlanGroupSeed[] = [
  {
    key: 'individual',
    name: t('Individual', 'Particuliers', '个人卖家', 'Particulares', 'Particulares', 'Privat', 'الأفراد', 'Частные лица'),
    description: t(
      'For private sellers who list a few vehicles a year.',
      'Pour les particuliers qui publient quelques véhicules par an.',
      '适合每年发布少量车辆的个人卖家。',
      'Para vendedores particulares que publican pocos vehículos al año.',
      'Para vendedores particulares que anunciam poucos veículos por ano.',
      'Für Privatverkäufer, die ein paar Fahrzeuge im Jahr inserieren.',
      'للبائعين الأفراد الذين يعرضون بضع مركبات في السنة.',
      'Для частных продавцов, которые размещают несколько автомобилей в год.',
    ),
  },
  {
    key: 'professional',
    name: t('Professional', 'Professionnels', '专业商家', 'Profesionales', 'Profissionais', 'Gewerblich', 'المحترفون', 'Профессионалы'),
    description: t(
      'For dealers and rental companies with a fleet.',
      'Pour les concessionnaires et les loueurs qui gèrent une flotte.',
      '适合拥有车队的经销商和租车公司。',
      'Para concesionarios y empresas de alquiler con flota propia.',
      'Para concessionárias e locadoras com frota própria.',
      'Für Händler und Vermieter mit eigener Flotte.',
      'لمعارض السيارات وشركات التأجير التي تملك أسطولًا.',
      'Для дилеров и прокатных компаний со своим автопарком.',
    ),
  },
];

export interface PlanSeed {
  group: PlanGroupSeed['key'];
  /** The offer's name, without a billing period: its cart details' name. */
  name: I18nText;
  /** Who the plan is for and what it adds: its cart details' description, and its carts' before the period. */
  pitch: I18nText;
  /** Price of one month, in cents; the yearly cart costs ten months. */
  monthly: number;
  vehicles: number | null;
  photos: number;
  contacts: number | null;
  featured: 0 | 1;
  stats: 0 | 1;
  support: 0 | 1;
}

export const plans: PlanSeed[] = [
  {
    group: 'individual',
    name: t('Individual Plus', 'Particulier Plus', '个人进阶版', 'Particular Plus', 'Particular Plus', 'Privat Plus', 'الأفراد بلس', 'Частный Плюс'),
    pitch: t(
      'For a private seller with several cars: more listings and photos, and statistics for each listing.',
      'Pour un particulier qui vend plusieurs voitures : plus d’annonces et de photos, et des statistiques pour chaque annonce.',
      '适合出售多辆车的个人卖家：更多发布名额和照片，每条信息都有统计数据。',
      'Para un particular que vende varios coches: más anuncios y fotos, y estadísticas de cada anuncio.',
      'Para quem vende vários carros: mais anúncios e fotos, e estatísticas de cada anúncio.',
      'Für Privatverkäufer mit mehreren Autos: mehr Inserate und Fotos, dazu Statistiken für jedes Inserat.',
      'للبائع الفرد الذي يبيع عدة سيارات: إعلانات وصور أكثر، وإحصاءات لكل إعلان.',
      'Для частного продавца с несколькими машинами: больше объявлений и фото, статистика по каждому объявлению.',
    ),
    monthly: 999,
    vehicles: 5,
    photos: 20,
    contacts: 200,
    featured: 0,
    stats: 1,
    support: 0,
  },
  {
    group: 'professional',
    name: t(
      'Professional Starter',
      'Professionnel Essentiel',
      '专业入门版',
      'Profesional Inicial',
      'Profissional Inicial',
      'Profi Start',
      'المحترف الأساسي',
      'Профи Старт',
    ),
    pitch: t(
      'For a small dealership: room for your stock, and statistics for every listing.',
      'Pour un petit garage : de la place pour votre stock, et des statistiques pour chaque annonce.',
      '适合小型车行：足够容纳您的库存，每条信息都有统计数据。',
      'Para un concesionario pequeño: espacio para su stock y estadísticas de cada anuncio.',
      'Para uma revenda pequena: espaço para o seu estoque e estatísticas de cada anúncio.',
      'Für kleine Autohäuser: Platz für Ihren Bestand und Statistiken für jedes Inserat.',
      'لمعرض سيارات صغير: مساحة لمخزونك وإحصاءات لكل إعلان.',
      'Для небольшого автосалона: место для всего стока и статистика по каждому объявлению.',
    ),
    monthly: 2900,
    vehicles: 80,
    photos: 30,
    contacts: 1000,
    featured: 0,
    stats: 1,
    support: 0,
  },
  {
    group: 'professional',
    name: t('Professional', 'Professionnel', '专业版', 'Profesional', 'Profissional', 'Profi', 'المحترف', 'Профи'),
    pitch: t(
      'For a growing dealership: your listings featured and ranked first, and priority support.',
      'Pour un garage qui grandit : vos annonces mises en avant et classées en premier, et un support prioritaire.',
      '适合成长中的车行：您的车辆信息获得推荐并优先排序，还享有优先支持。',
      'Para un concesionario en crecimiento: sus anuncios destacados y en primer lugar, y soporte prioritario.',
      'Para uma revenda em crescimento: seus anúncios em destaque e no topo, e suporte prioritário.',
      'Für wachsende Autohäuser: Ihre Inserate hervorgehoben und zuerst gelistet, dazu bevorzugter Support.',
      'لمعرض سيارات في نمو: إعلاناتك مميزة وتظهر أولًا، مع دعم ذي أولوية.',
      'Для растущего автосалона: ваши объявления выделены и стоят первыми, плюс приоритетная поддержка.',
    ),
    monthly: 4900,
    vehicles: 100,
    photos: 40,
    contacts: 2000,
    featured: 1,
    stats: 1,
    support: 1,
  },
  {
    group: 'professional',
    name: t(
      'Professional Unlimited',
      'Professionnel Illimité',
      '专业无限版',
      'Profesional Ilimitado',
      'Profissional Ilimitado',
      'Profi Unbegrenzt',
      'المحترف بلا حدود',
      'Профи Безлимит',
    ),
    pitch: t(
      'For large dealers and rental fleets: no limit on listings or messages, everything included.',
      'Pour les grands concessionnaires et les loueurs : annonces et messages illimités, tout compris.',
      '适合大型经销商和租车车队：发布数量和消息不限，全部功能均已包含。',
      'Para grandes concesionarios y flotas de alquiler: anuncios y mensajes sin límite, todo incluido.',
      'Para grandes revendas e locadoras: anúncios e mensagens ilimitados, tudo incluído.',
      'Für große Händler und Vermietflotten: unbegrenzt Inserate und Nachrichten, alles inklusive.',
      'لكبار التجار وأساطيل التأجير: إعلانات ورسائل بلا حدود، وكل المزايا مشمولة.',
      'Для крупных дилеров и прокатных парков: без лимита объявлений и сообщений, всё включено.',
    ),
    monthly: 14900,
    vehicles: null,
    photos: 60,
    contacts: null,
    featured: 1,
    stats: 1,
    support: 1,
  },
];

export type Period = 'monthly' | 'yearly';

const CART_NAMES: Record<Period, I18nText> = {
  monthly: t('{plan} (monthly)', '{plan} (mensuel)', '{plan}（按月）', '{plan} (mensual)', '{plan} (mensal)', '{plan} (monatlich)', '{plan} (شهري)', '{plan} (на месяц)'),
  yearly: t('{plan} (yearly)', '{plan} (annuel)', '{plan}（按年）', '{plan} (anual)', '{plan} (anual)', '{plan} (jährlich)', '{plan} (سنوي)', '{plan} (на год)'),
};

const CART_DESCRIPTIONS: Record<Period, I18nText> = {
  monthly: t(
    '{plan} Billed every month.',
    '{plan} Facturé chaque mois.',
    '{plan}按月计费。',
    '{plan} Facturado cada mes.',
    '{plan} Cobrado todo mês.',
    '{plan} Monatlich abgerechnet.',
    '{plan} بدفعة شهرية.',
    '{plan} Оплата каждый месяц.',
  ),
  yearly: t(
    '{plan} Billed every year.',
    '{plan} Facturé chaque année.',
    '{plan}按年计费。',
    '{plan} Facturado cada año.',
    '{plan} Cobrado todo ano.',
    '{plan} Jährlich abgerechnet.',
    '{plan} بدفعة سنوية.',
    '{plan} Оплата раз в год.',
  ),
};

/** A plan's cart for one billing period: "Professional (yearly)", its pitch and "Billed every year.". */
export const cartText = (plan: PlanSeed, period: Period) => ({
  name: fill(CART_NAMES[period], plan.name),
  description: fill(CART_DESCRIPTIONS[period], plan.pitch),
});

/** A plan's cart detail: its name and its pitch. */
export const detailText = (plan: PlanSeed) => ({ name: plan.name, description: plan.pitch });
