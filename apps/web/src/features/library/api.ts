import { keepPreviousData } from '@tanstack/react-query';
import {
  libraryEndpoints as lib,
  type EndpointArgs,
  type EndpointBody,
  type EndpointDefinition,
  type EndpointQuery,
  type TFinePaymentInput,
  type TTitleInput,
} from '@erp/shared';
import { callEndpoint, fetchEndpointFile, useEndpointMutation, useEndpointQuery } from '../../lib/endpoints';

/** Every library write refreshes every library query: counts, shelves and patrons move together. */
const LIBRARY = [['library']];

/** The OPAC's filters as the search sends them (an empty value is no filter). */
export interface TitleFilters {
  type: string;
  subject: string;
  yearFrom: string;
  yearTo: string;
  available: boolean;
}
export const NO_FILTERS: TitleFilters = { type: '', subject: '', yearFrom: '', yearTo: '', available: false };

export const useTitles = (q: string, page: number, pageSize: number, publicOpac = false, filters: TitleFilters = NO_FILTERS) =>
  useEndpointQuery(
    publicOpac ? lib.opac : lib.titles,
    {
      query: {
        q,
        page,
        pageSize,
        type: filters.type || undefined,
        subject: filters.subject || undefined,
        yearFrom: filters.yearFrom || undefined,
        yearTo: filters.yearTo || undefined,
        available: filters.available ? 'true' : undefined,
      },
    },
    { placeholderData: keepPreviousData, retry: false },
  );

export const useOpacTitle = (id: number) => useEndpointQuery(lib.opacTitle, { params: { id } }, { retry: false });
export const useOpacSubjects = () => useEndpointQuery(lib.opacSubjects, {}, { staleTime: 5 * 60_000 });
/** Titles for a picker (the desk's hold dialog): the best 8 matches of 2 letters or more. */
export const useTitlePicker = (q: string) =>
  useEndpointQuery(
    lib.titles,
    { query: { q, page: 1, pageSize: 8 } },
    { enabled: q.trim().length >= 2, placeholderData: keepPreviousData },
  );
/** Patrons matching what the desk typed (2 letters or more). */
export const usePatronSearch = (q: string) =>
  useEndpointQuery(lib.patronSearch, { query: { q } }, { enabled: q.trim().length >= 2, placeholderData: keepPreviousData });

export const useTitle = (id: number | null) => useEndpointQuery(lib.title, { params: { id: id! } }, { enabled: id !== null });
export const usePatron = (code: string | null) =>
  useEndpointQuery(lib.patron, { params: { patron: code! } }, { enabled: !!code, retry: false });

export const useMyLibrary = () => useEndpointQuery(lib.me, {}, { retry: false });
export const useStats = () => useEndpointQuery(lib.stats);
export const useRules = () => useEndpointQuery(lib.rules);
export const useHoldShelf = () => useEndpointQuery(lib.holdShelf);
export const useReport = (from?: string, to?: string) => useEndpointQuery(lib.report, { query: { from, to } });
export const useCopyHistory = (barcode: string | null) =>
  useEndpointQuery(lib.copyHistory, { params: { barcode: barcode! } }, { enabled: !!barcode, retry: false });
export const usePatronOverride = (code: string | null) =>
  useEndpointQuery(lib.override, { params: { patron: code! } }, { enabled: !!code, retry: false });

export const useIssue = () =>
  useEndpointMutation((v: { patron: string; barcode: string }) => callEndpoint(lib.issue, { body: v }), { invalidates: LIBRARY });
export const useReturn = () =>
  useEndpointMutation((barcode: string) => callEndpoint(lib.returnCopy, { body: { barcode } }), { invalidates: LIBRARY });
export const useRenew = () =>
  useEndpointMutation((id: number) => callEndpoint(lib.renew, { params: { id } }), { invalidates: LIBRARY });
export const useLost = () =>
  useEndpointMutation((id: number) => callEndpoint(lib.markLost, { params: { id } }), { invalidates: LIBRARY });
export const usePayFine = () =>
  useEndpointMutation(
    (v: { id: number; payment: TFinePaymentInput }) => callEndpoint(lib.payFine, { params: { id: v.id }, body: v.payment }),
    {
      invalidates: LIBRARY,
    },
  );
export const useWaiveFine = () =>
  useEndpointMutation(
    (v: { id: number; reason: string }) => callEndpoint(lib.waiveFine, { params: { id: v.id }, body: { reason: v.reason } }),
    { invalidates: LIBRARY },
  );
export const usePlaceHold = () =>
  useEndpointMutation((v: { titleId: number; patron?: string }) => callEndpoint(lib.placeHold, { body: v }), {
    invalidates: LIBRARY,
  });
export const useCancelHold = () =>
  useEndpointMutation((id: number) => callEndpoint(lib.cancelHold, { body: { id } }), { invalidates: LIBRARY });
export const useCreateTitle = () =>
  useEndpointMutation((v: TTitleInput) => callEndpoint(lib.createTitle, { body: v }), { invalidates: LIBRARY });
export const useAddCopies = () =>
  useEndpointMutation(
    (v: { titleId: number; body: EndpointBody<typeof lib.addCopies> }) =>
      callEndpoint(lib.addCopies, { params: { id: v.titleId }, body: v.body }),
    { invalidates: LIBRARY },
  );
export const useSaveOverride = () =>
  useEndpointMutation(
    (v: { patron: string; body: EndpointBody<typeof lib.saveOverride> }) =>
      callEndpoint(lib.saveOverride, { params: { patron: v.patron }, body: v.body }),
    { invalidates: LIBRARY },
  );
export const useRemoveOverride = () =>
  useEndpointMutation(
    (v: { patron: string; reason: string }) =>
      callEndpoint(lib.removeOverride, { params: { patron: v.patron }, body: { reason: v.reason } }),
    { invalidates: LIBRARY },
  );
export const useEditCopy = () =>
  useEndpointMutation(
    (v: { id: number; status: EndpointBody<typeof lib.editCopy>['status']; note: string }) =>
      callEndpoint(lib.editCopy, { params: { id: v.id }, body: { status: v.status, ...(v.note.trim() && { note: v.note }) } }),
    { invalidates: LIBRARY },
  );
export const useEditTitle = () =>
  useEndpointMutation(
    (v: { id: number; body: TTitleInput }) => callEndpoint(lib.editTitle, { params: { id: v.id }, body: v.body }),
    {
      invalidates: LIBRARY,
    },
  );
export const useSaveRules = () =>
  useEndpointMutation((v: EndpointBody<typeof lib.saveRules>) => callEndpoint(lib.saveRules, { body: v }), {
    invalidates: LIBRARY,
  });
export const useImport = () =>
  useEndpointMutation(
    (v: { file: File; dryRun: boolean }) => {
      const form = new FormData();
      form.set('dryRun', String(v.dryRun));
      form.set('file', v.file);
      return callEndpoint(lib.import, { body: form });
    },
    { invalidates: LIBRARY },
  );

/** Opens a PDF or downloads a workbook from the API with the session (a plain link would not carry it). */
async function openFile<E extends EndpointDefinition>(endpoint: E, args: EndpointArgs<E>, fileName: string) {
  const blob = await fetchEndpointFile(endpoint as EndpointDefinition, args as never);
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  if (!fileName.endsWith('.pdf')) a.download = fileName;
  else a.target = '_blank';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export const openFineReceipt = (id: number) => openFile(lib.fineReceipt, { params: { id } }, 'receipt.pdf');
export const openOverdueWorkbook = () => openFile(lib.overdueWorkbook, {}, 'overdue.xlsx');
export const openLabels = (query: EndpointQuery<typeof lib.labels>) => openFile(lib.labels, { query }, 'labels.pdf');
export const openCards = (query: EndpointQuery<typeof lib.cards>) => openFile(lib.cards, { query }, 'library-cards.pdf');
