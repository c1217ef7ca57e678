import { ZMessage } from '../common-schemas.js';
import { ZAchievement, ZAchievementRef, ZAchievementSaved } from '../achievement-schemas.js';
import { defineEndpoint as e } from './define.js';

const A = '/api/auth-service/v1';

/**
 * The auth service's faculty-achievement writes (api-contract.md, spelled as the contract spells
 * them): registered by hand with these same schemas, called by name from the web. Its three reads
 * declare their answers inline, so the web types those by hand.
 */
export const achievementEndpoints = {
  save: e({ method: 'POST', path: `${A}/savefacultyAchievements`, body: ZAchievement, response: ZAchievementSaved }),
  remove: e({ method: 'DELETE', path: `${A}/deletefacultyAchiveMent`, body: ZAchievementRef, response: ZMessage }),
};
