import type { DomainPack } from './domain-pack.js';
import { ESSAY_PACKS } from './packs-essay.js';
import { LIFE_PACKS } from './packs-life.js';
import { WORK_PACKS } from './packs-work.js';

/** Every domain the offline writer knows something about (decision 049); on a tie the earlier pack wins. */
export const DOMAIN_PACKS: readonly DomainPack[] = [...LIFE_PACKS, ...WORK_PACKS];

/** The scenes and beats of common essay subjects (城市的夜晚, 外婆, 毕业…), matched only for essays. */
export { ESSAY_PACKS };
