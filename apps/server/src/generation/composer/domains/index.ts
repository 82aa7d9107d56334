import type { DomainPack } from './domain-pack.js';
import { ESSAY_PACKS } from './packs-essay.js';
import { INDUSTRY_PACKS_1 } from './packs-industry-1.js';
import { INDUSTRY_PACKS_2 } from './packs-industry-2.js';
import { INDUSTRY_PACKS_3 } from './packs-industry-3.js';
import { LIFE_PACKS } from './packs-life.js';
import { MORE_PACKS_A } from './packs-more-a.js';
import { MORE_PACKS_B } from './packs-more-b.js';
import { MORE_PACKS_C } from './packs-more-c.js';
import { WORK_PACKS } from './packs-work.js';

/** Every domain the offline writer knows something about (decision 049); on a tie the earlier pack wins. */
export const DOMAIN_PACKS: readonly DomainPack[] = [...LIFE_PACKS, ...WORK_PACKS, ...MORE_PACKS_A, ...MORE_PACKS_B, ...MORE_PACKS_C];

/** The scenes and beats of common essay subjects (城市的夜晚, 外婆, 毕业…), matched only for essays. */
export { ESSAY_PACKS };

/**
 * What a careful observer generally knows of industries creators often analyse (数字化转型, 跨境电商,
 * 茶饮…): their background, players, drivers and direction, matched only for an industry analysis
 * or a commentary (decision 084).
 */
export const INDUSTRY_PACKS: readonly DomainPack[] = [...INDUSTRY_PACKS_1, ...INDUSTRY_PACKS_2, ...INDUSTRY_PACKS_3];
