import { useQuery } from '@tanstack/react-query';
import { api } from './api-client';

/** Public client configuration (GET /api/config). */
export interface AppConfig {
  collegeCode: string;
  collegeName: string;
  selfRegistrationOpen: boolean;
  cipherKey: string;
  paymentGateway: string;
  links: { exams: string; obe: string; results: string };
}
export interface LogoData {
  Logo: string | null;
  Banner: string | null;
}
export interface ContactData {
  collegeName: string;
  postalAddress: string;
  officialCommunication: string;
  campus: string;
  phoneNumber: Array<{ number: string }>;
  faxNumber: string;
  candidateDetails: Array<{ designation: string; name: string; mailId: string }>;
  aboutUs: string;
}
export interface DashboardSummary {
  students: number;
  departments: number;
  faculty: number;
  admissions: number;
  examTitles: number;
  payments: number;
  paymentsTotal: number;
}

const HOUR = 60 * 60 * 1000;

export const useAppConfig = () =>
  useQuery({ queryKey: ['config'], queryFn: () => api.get<AppConfig>('rest', 'config'), staleTime: HOUR });

/** Failures fetching the logo are only logged (spec section 8): the header falls back to text. */
export const useLogoData = () =>
  useQuery({
    queryKey: ['logo'],
    queryFn: () =>
      api.get<LogoData>('v1', 'getLogoDataForHeaders').catch((e: unknown) => {
        console.error(e);
        return { Logo: null, Banner: null } as LogoData;
      }),
    staleTime: HOUR,
  });

/** The last item of getContactData is the current one. */
export const useContactData = () =>
  useQuery({
    queryKey: ['contact'],
    queryFn: async () => {
      const list = await api.get<ContactData[]>('v1', 'getContactData');
      return list.length ? list[list.length - 1] : null;
    },
    staleTime: HOUR,
  });

export const useCollegeCode = () =>
  useQuery({
    queryKey: ['collegeName'],
    queryFn: async () => (await api.get<string>('v1', 'getCollegeName', undefined, 'text')).trim(),
    staleTime: HOUR,
  });

export const useDashboardSummary = (enabled = true) =>
  useQuery({ queryKey: ['dashboardSummary'], queryFn: () => api.get<DashboardSummary>('rest', 'dashboard/summary'), enabled });

export const pngSrc = (base64: string | null | undefined) => (base64 ? `data:image/png;base64,${base64}` : undefined);
