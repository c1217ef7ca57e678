import type { TPlacementPolicy, TPlacementSettings } from '@erp/shared';
import type { Database } from '../../db/index.js';
import { nowIso } from '../../db/index.js';
import { audit } from '../../lib/audit.js';
import type { RequestUser } from '../../plugins/types.js';
import * as auditLog from '../audit/index.js';
import type { PlacementPolicy } from './placements.eligibility.js';
import * as repo from './placements.repo.js';

export const DEFAULT_POLICY: PlacementPolicy = { noShowBarDrives: 2, offerPolicy: 'dream', dreamCtcPaise: 1_000_000_00 };
const ENTITY = 'placement_settings';

export async function policyOf(db: Database, collegeId: number): Promise<PlacementPolicy> {
  const row = await repo.settings(db, collegeId);
  if (!row) return DEFAULT_POLICY;
  return {
    noShowBarDrives: row.no_show_bar_drives,
    offerPolicy: row.offer_policy === 'one' ? 'one' : 'dream',
    dreamCtcPaise: Number(row.dream_ctc_paise),
  };
}

export const settingsView = (p: PlacementPolicy): TPlacementSettings => ({
  noShowBarDrives: p.noShowBarDrives,
  offerPolicy: p.offerPolicy,
  dreamCtcRupees: Math.round(p.dreamCtcPaise / 100),
});

export async function settings(db: Database, collegeId: number): Promise<TPlacementSettings> {
  return settingsView(await policyOf(db, collegeId));
}

/** The dean's policy screen: the settings, the students already holding two offers, and the last changes. */
export async function policy(db: Database, collegeId: number): Promise<TPlacementPolicy> {
  const [current, row, twoOffers, log] = await Promise.all([
    settings(db, collegeId),
    repo.settings(db, collegeId),
    repo.studentsWithTwoOffers(db, collegeId),
    auditLog.search(db, collegeId, { entity: ENTITY, page: 1, pageSize: 10 }),
  ]);
  return {
    ...current,
    updatedAt: row?.updated_at ?? null,
    studentsWithTwoOffers: twoOffers,
    history: log.items.map((e) => ({
      at: e.at,
      by: e.username,
      before: (e.before as TPlacementSettings | null) ?? null,
      after: e.after as TPlacementSettings,
    })),
  };
}

/**
 * Saves the policy with an audit row (before and after) in the same transaction. Offers already
 * made stand: a change applies to the offers recorded from now on.
 */
export async function savePolicy(db: Database, user: RequestUser, s: TPlacementSettings): Promise<TPlacementPolicy> {
  const collegeId = user.collegeId;
  await db.transaction().execute(async (trx) => {
    const row = await repo.settings(trx, collegeId);
    // Before the first save the default policy was in force: that is the "before".
    const before = settingsView(
      row
        ? {
            noShowBarDrives: row.no_show_bar_drives,
            offerPolicy: row.offer_policy === 'one' ? 'one' : 'dream',
            dreamCtcPaise: Number(row.dream_ctc_paise),
          }
        : DEFAULT_POLICY,
    );
    const after: TPlacementSettings = {
      noShowBarDrives: s.noShowBarDrives,
      offerPolicy: s.offerPolicy,
      dreamCtcRupees: s.dreamCtcRupees,
    };
    await repo.saveSettings(
      trx,
      collegeId,
      { no_show_bar_drives: s.noShowBarDrives, offer_policy: s.offerPolicy, dream_ctc_paise: s.dreamCtcRupees * 100 },
      nowIso(),
    );
    if (JSON.stringify(before) === JSON.stringify(after)) return;
    await audit(trx, {
      collegeId,
      actor: { id: user.id, username: user.username },
      action: 'placement.policy',
      entity: ENTITY,
      entityId: collegeId,
      before,
      after,
    });
  });
  return policy(db, collegeId);
}
