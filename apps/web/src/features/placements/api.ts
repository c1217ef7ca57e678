import {
  placementEndpoints as placements,
  type EndpointQuery,
  type TCompanyCreateInput,
  type TDriveCreateInput,
  type THigherStudiesDeclareInput,
  type THigherStudiesInput,
  type TPlacementSettings,
  type TRoundCreate,
} from '@erp/shared';
import { saveBlob } from '../../lib/download';
import { callEndpoint, fetchEndpointFile, useEndpointMutation, useEndpointQuery } from '../../lib/endpoints';

/** Every placement write refreshes every placement query. */
const PLACEMENTS = { invalidates: [['placements']] };

export const useCompanies = () => useEndpointQuery(placements.companies);
export const useDrives = (batch?: string) => useEndpointQuery(placements.drives, { query: batch ? { batch } : {} });
export const useDrive = (id: number) => useEndpointQuery(placements.drive, { params: { id } });
export const useEligible = (id: number) => useEndpointQuery(placements.eligible, { params: { id } });
export const useStats = (batch: string) =>
  useEndpointQuery(placements.stats, { query: { batch } }, { enabled: /^\d{4}-\d{4}$/.test(batch) });
export const useMyPlacements = () => useEndpointQuery(placements.me);

export const useCreateCompany = () =>
  useEndpointMutation((b: TCompanyCreateInput) => callEndpoint(placements.createCompany, { body: b }), PLACEMENTS);
export const useCreateDrive = () =>
  useEndpointMutation((b: TDriveCreateInput) => callEndpoint(placements.createDrive, { body: b }), PLACEMENTS);
export const useAddRound = (driveId: number) =>
  useEndpointMutation((b: TRoundCreate) => callEndpoint(placements.addRound, { params: { id: driveId }, body: b }), PLACEMENTS);
export const useMakeOffer = () =>
  useEndpointMutation(
    (b: { driveId: number; rollNo: string; role: string; ctcRupees?: number; joiningDate?: string }) =>
      callEndpoint(placements.makeOffer, { body: b }),
    PLACEMENTS,
  );

/** A student applies, with a resume PDF when chosen. */
export const useApply = () =>
  useEndpointMutation(({ driveId, resume }: { driveId: number; resume: File | null }) => {
    if (!resume) return callEndpoint(placements.apply, { params: { id: driveId }, body: {} });
    const form = new FormData();
    form.append('resume', resume, resume.name);
    return callEndpoint(placements.apply, { params: { id: driveId }, body: form });
  }, PLACEMENTS);

const save = async (blob: Promise<Blob>, name: string) => saveBlob(await blob, name);
/** Workbooks, fetched with the session (a plain link would not carry it). */
export const downloadApplicants = (driveId: number) =>
  save(fetchEndpointFile(placements.applicantsWorkbook, { params: { id: driveId } }), `applicants-${driveId}.xlsx`);
export const downloadRegister = (batch: string) =>
  save(fetchEndpointFile(placements.registerWorkbook, { query: { batch } }), `placement-register-${batch}.xlsx`);

export const useUploadLetter = () =>
  useEndpointMutation(({ offerId, file }: { offerId: number; file: File }) => {
    const form = new FormData();
    form.append('letter', file, file.name);
    return callEndpoint(placements.uploadLetter, { params: { id: offerId }, body: form });
  }, PLACEMENTS);

const openBlob = (blob: Blob) => {
  const url = URL.createObjectURL(blob);
  window.open(url, '_blank');
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
};
/** Opens an offer letter with the session. */
export const openLetter = async (offerId: number) =>
  openBlob(await fetchEndpointFile(placements.offerLetter, { params: { id: offerId } }));

// Offer policy (the dean's screen) and the higher-studies register.
export const usePolicy = () => useEndpointQuery(placements.policy);
export const useSavePolicy = () =>
  useEndpointMutation((b: TPlacementSettings) => callEndpoint(placements.savePolicy, { body: b }), PLACEMENTS);

export interface HigherStudiesQuery {
  batch?: string;
  status?: string;
  q?: string;
  page: number;
  pageSize: number;
}
/** The register's filters without the empty ones (the screen holds text; the server checks the values). */
const hsParams = (q: Omit<HigherStudiesQuery, 'page' | 'pageSize'>) =>
  Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== '')) as EndpointQuery<
    typeof placements.higherStudiesWorkbook
  >;
export const useHigherStudies = (q: HigherStudiesQuery) =>
  useEndpointQuery(
    placements.higherStudies,
    { query: { ...hsParams(q), page: q.page + 1, pageSize: q.pageSize } },
    { placeholderData: (p) => p },
  );
export const higherStudiesExport = (q: Omit<HigherStudiesQuery, 'page' | 'pageSize'>) =>
  save(
    fetchEndpointFile(placements.higherStudiesWorkbook, { query: hsParams(q) }),
    `higher-studies${q.batch ? `-${q.batch}` : ''}.xlsx`,
  );
export const useEnterHigherStudies = () =>
  useEndpointMutation((b: THigherStudiesInput) => callEndpoint(placements.enterHigherStudies, { body: b }), PLACEMENTS);
export const useVerifyHigherStudies = () =>
  useEndpointMutation((id: number) => callEndpoint(placements.verifyHigherStudies, { params: { id } }), PLACEMENTS);
export const useRemoveHigherStudies = () =>
  useEndpointMutation((id: number) => callEndpoint(placements.removeHigherStudies, { params: { id } }), PLACEMENTS);
export const useMyHigherStudies = () => useEndpointQuery(placements.myHigherStudies);
export const useDeclareHigherStudies = () =>
  useEndpointMutation((b: THigherStudiesDeclareInput) => callEndpoint(placements.declareHigherStudies, { body: b }), PLACEMENTS);
export const useUploadEvidence = () =>
  useEndpointMutation(({ id, file }: { id: number; file: File }) => {
    const form = new FormData();
    form.append('evidence', file, file.name);
    return callEndpoint(placements.uploadEvidence, { params: { id }, body: form });
  }, PLACEMENTS);
/** Opens the evidence with the session. */
export const openEvidence = async (id: number) => openBlob(await fetchEndpointFile(placements.evidence, { params: { id } }));
