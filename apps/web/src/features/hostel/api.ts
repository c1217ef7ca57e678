import { hostelEndpoints as hostel, type EndpointBody, type EndpointQuery, type TOccupancyQuery } from '@erp/shared';
import { saveBlob } from '../../lib/download';
import { callEndpoint, fetchEndpointFile, useEndpointMutation, useEndpointQuery } from '../../lib/endpoints';

/** Every hostel write refreshes every hostel list: counts move together (board, residents, dues). */
const HOSTEL = { invalidates: [['hostel']] };
/** A write to one row: its id beside the body, as the dialogs send it. */
type On<B> = B & { _id: number };

export const useHostelSummary = () => useEndpointQuery(hostel.summary);
export const useBuildings = () => useEndpointQuery(hostel.buildings);
export const useOccupancy = (q: Partial<TOccupancyQuery>, enabled = true) =>
  useEndpointQuery(hostel.occupancy, { query: q }, { placeholderData: (p) => p, enabled });
/** The free beds to offer an application, in the order of its preferences. */
export const useBedOffer = (applicationId: number | undefined, buildingId?: number) =>
  useEndpointQuery(
    hostel.bedOffer,
    { params: { id: applicationId! }, query: { buildingId } },
    { enabled: applicationId !== undefined },
  );
export const useApplications = (status?: EndpointQuery<typeof hostel.applications>['status']) =>
  useEndpointQuery(hostel.applications, { query: { status } });
export const useAllotments = (q: EndpointQuery<typeof hostel.allotments>) =>
  useEndpointQuery(hostel.allotments, { query: q }, { placeholderData: (p) => p });
export const useAllotment = (id: number | null) =>
  useEndpointQuery(hostel.allotment, { params: { id: id! } }, { enabled: id !== null });
export const useTransferRequests = (status?: EndpointQuery<typeof hostel.transferRequests>['status']) =>
  useEndpointQuery(hostel.transferRequests, { query: { status } });
/** The register's filters as the screen holds them (text; the server checks the values). */
export const useOutpasses = (q: { status?: string; late?: string; q?: string; page: number; pageSize: number }) =>
  useEndpointQuery(hostel.outpasses, { query: q as EndpointQuery<typeof hostel.outpasses> }, { placeholderData: (p) => p });
export const useMyHostel = () => useEndpointQuery(hostel.me);
/** What vacating on `date` with `damages` paise would keep and give back (the vacate's own figures). */
export const useVacatePreview = (id: number | null, date: string, damages: number) =>
  useEndpointQuery(
    hostel.vacatePreview,
    { params: { id: id! }, query: { date, damages } },
    { enabled: id !== null && /^\d{4}-\d{2}-\d{2}$/.test(date), placeholderData: (p) => p, retry: false },
  );

export const useCreateBuilding = () =>
  useEndpointMutation(
    (body: EndpointBody<typeof hostel.createBuilding>) => callEndpoint(hostel.createBuilding, { body }),
    HOSTEL,
  );
export const useCreateRooms = () =>
  useEndpointMutation(
    ({ _id, ...body }: On<EndpointBody<typeof hostel.createRooms>>) =>
      callEndpoint(hostel.createRooms, { params: { id: _id }, body }),
    HOSTEL,
  );
export const useApply = () =>
  useEndpointMutation((body: EndpointBody<typeof hostel.apply>) => callEndpoint(hostel.apply, { body }), HOSTEL);
export const useRejectApplication = () =>
  useEndpointMutation(
    ({ _id, ...body }: On<EndpointBody<typeof hostel.rejectApplication>>) =>
      callEndpoint(hostel.rejectApplication, { params: { id: _id }, body }),
    HOSTEL,
  );
export const useAllot = () =>
  useEndpointMutation((body: EndpointBody<typeof hostel.allot>) => callEndpoint(hostel.allot, { body }), HOSTEL);
export const useTransfer = () =>
  useEndpointMutation(
    ({ _id, ...body }: On<EndpointBody<typeof hostel.transfer>>) => callEndpoint(hostel.transfer, { params: { id: _id }, body }),
    HOSTEL,
  );
export const useVacate = () =>
  useEndpointMutation(
    ({ _id, ...body }: On<EndpointBody<typeof hostel.vacate>>) => callEndpoint(hostel.vacate, { params: { id: _id }, body }),
    HOSTEL,
  );
export const useCancelAllotment = () =>
  useEndpointMutation(
    ({ _id, ...body }: On<EndpointBody<typeof hostel.cancel>>) => callEndpoint(hostel.cancel, { params: { id: _id }, body }),
    HOSTEL,
  );
export const useRecordPayment = () =>
  useEndpointMutation(
    ({ _id, ...body }: On<EndpointBody<typeof hostel.recordPayment>>) =>
      callEndpoint(hostel.recordPayment, { params: { id: _id }, body }),
    HOSTEL,
  );
export const useRequestTransfer = () =>
  useEndpointMutation(
    (body: EndpointBody<typeof hostel.requestTransfer>) => callEndpoint(hostel.requestTransfer, { body }),
    HOSTEL,
  );
export const useRejectTransferRequest = () =>
  useEndpointMutation(
    ({ _id, ...body }: On<EndpointBody<typeof hostel.rejectTransferRequest>>) =>
      callEndpoint(hostel.rejectTransferRequest, { params: { id: _id }, body }),
    HOSTEL,
  );
export const useCreateOutpass = () =>
  useEndpointMutation((body: EndpointBody<typeof hostel.createOutpass>) => callEndpoint(hostel.createOutpass, { body }), HOSTEL);
/** An out-pass's next step (approve, out, in, reject...). */
export const useStepOutpass = () =>
  useEndpointMutation(
    ({ _id, _step, ...body }: On<EndpointBody<typeof hostel.stepOutpass>> & { _step: string }) =>
      callEndpoint(hostel.stepOutpass, { params: { id: _id, step: _step }, body }),
    HOSTEL,
  );

export const downloadLetter = async (id: number, rollNo: string) =>
  saveBlob(await fetchEndpointFile(hostel.allotmentLetter, { params: { id } }), `hostel-allotment-${rollNo}.pdf`);
export const downloadResidents = async (buildingId?: number) =>
  saveBlob(await fetchEndpointFile(hostel.residentsWorkbook, { query: { buildingId } }), 'hostel-residents.xlsx');
