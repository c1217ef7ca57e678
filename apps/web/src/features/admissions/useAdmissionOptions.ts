import { useCallback, useMemo } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import type { AdmissionField, OptionSource, TAdmissionForm } from './admission-form';
import {
  useAdmissionTypes,
  useAgents,
  useBatches,
  useBranches,
  useCastes,
  useCourses,
  useKeyValues,
  useSeatTypes,
  useSemesters,
  useSubCastes,
} from './api';

type Form = UseFormReturn<TAdmissionForm>;
const setter = (form: Form) => (name: AdmissionField, value: string) => form.setValue(name, value, { shouldDirty: true });

// Module-level (stable) name lists and empty list: memoized fields keep equal props between renders.
const CASCADE_PARENTS = ['courseAppliedFor', 'batch', 'branch'] as const;
const NO_OPTIONS: readonly string[] = [];
/** What choosing each cascade field empties. */
const BELOW: Partial<Record<AdmissionField, AdmissionField[]>> = {
  courseAppliedFor: ['batch', 'branch', 'semester'],
  batch: ['branch', 'semester'],
  branch: ['semester'],
  semester: [],
};

/**
 * The course → batch → branch → semester cascade, for both admission forms: each list loads once
 * its parent is chosen, and choosing a parent empties what hung from the old one (the course also
 * sets the level).
 */
export function useCourseCascade(form: Form) {
  // Only these three values re-render the form (their lists change); typing elsewhere does not.
  const [course, batch, branch] = useWatch({ control: form.control, name: CASCADE_PARENTS, exact: true });
  const courses = useCourses();
  const batches = useBatches(course);
  const branches = useBranches(course, batch);
  const semesters = useSemesters(course, !!branch);
  const courseNames = useMemo(() => courses.data?.map((c) => c.courseName), [courses.data]);
  /** sets a cascade field; returns false for any other field */
  const choose = useCallback(
    (name: AdmissionField, value: string): boolean => {
      const cleared = BELOW[name];
      if (!cleared) return false;
      const set = setter(form);
      set(name, value);
      for (const f of cleared) set(f, '');
      if (name === 'courseAppliedFor') set('level', courses.data?.find((c) => c.courseName === value)?.level ?? '');
      return true;
    },
    [form, courses.data],
  );
  return {
    lists: { courses: courseNames, batches: batches.data, branches: branches.data, semesters: semesters.data },
    loading: {
      courses: courses.isLoading,
      batches: batches.isFetching,
      branches: branches.isFetching,
      semesters: semesters.isFetching,
    },
    /** a field still waiting for its parent */
    waiting: { batch: !course, branch: !batch, semester: !branch } as Partial<Record<AdmissionField, boolean>>,
    choose,
  };
}

/** Every drop-down list of the admission forms (the cascade's, caste → sub-caste, and the lookups), by source. */
export function useAdmissionOptions(form: Form) {
  const cascade = useCourseCascade(form);
  const category = useWatch({ control: form.control, name: 'category', exact: true });
  const types = useAdmissionTypes();
  const seatTypes = useSeatTypes();
  const castes = useCastes();
  const subCastes = useSubCastes(category);
  const agents = useAgents();
  const nationality = useKeyValues('Nationality');
  const religion = useKeyValues('Religion');
  const entrance = useKeyValues('entrancetype');
  const seatTypeNames = useMemo(() => seatTypes.data?.map((s) => s.seatType), [seatTypes.data]);
  const nationalities = useMemo(() => nationality.data?.map((k) => k.value), [nationality.data]);
  const religions = useMemo(() => religion.data?.map((k) => k.value), [religion.data]);
  const entranceTypes = useMemo(() => entrance.data?.map((k) => k.value), [entrance.data]);

  const lists: Record<Exclude<OptionSource, readonly string[]>, readonly string[] | undefined> = {
    ...cascade.lists,
    admissionTypes: types.data,
    seatTypes: seatTypeNames,
    castes: castes.data,
    subCastes: subCastes.data,
    agents: agents.data,
    nationalities,
    religions,
    entranceTypes,
  };
  const loading: Partial<Record<Exclude<OptionSource, readonly string[]>, boolean>> = {
    ...cascade.loading,
    subCastes: subCastes.isFetching,
  };
  const waiting: Partial<Record<AdmissionField, boolean>> = { ...cascade.waiting, subCaste: !category };
  const cascadeChoose = cascade.choose;
  /** sets a drop-down's value and empties what depends on it */
  const choose = useCallback(
    (name: AdmissionField, value: string) => {
      if (cascadeChoose(name, value)) return;
      const set = setter(form);
      set(name, value);
      if (name === 'category') set('subCaste', '');
    },
    [cascadeChoose, form],
  );

  return {
    options: (source: OptionSource | undefined) => (typeof source === 'string' ? (lists[source] ?? NO_OPTIONS) : source),
    loading: (source: OptionSource | undefined) => (typeof source === 'string' ? Boolean(loading[source]) : false),
    waiting: (name: AdmissionField) => Boolean(waiting[name]),
    choose,
  };
}
