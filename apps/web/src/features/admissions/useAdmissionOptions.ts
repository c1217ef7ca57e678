import { useMemo } from 'react';
import type { UseFormReturn } from 'react-hook-form';
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

/**
 * The course → batch → branch → semester cascade, for both admission forms: each list loads once
 * its parent is chosen, and choosing a parent empties what hung from the old one (the course also
 * sets the level).
 */
export function useCourseCascade(form: Form) {
  const [course, batch, branch] = form.watch(['courseAppliedFor', 'batch', 'branch']);
  const courses = useCourses();
  const batches = useBatches(course);
  const branches = useBranches(course, batch);
  const semesters = useSemesters(course, !!branch);
  const set = setter(form);
  const courseNames = useMemo(() => courses.data?.map((c) => c.courseName), [courses.data]);
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
    /** sets a cascade field; returns false for any other field */
    choose(name: AdmissionField, value: string): boolean {
      const below: Partial<Record<AdmissionField, AdmissionField[]>> = {
        courseAppliedFor: ['batch', 'branch', 'semester'],
        batch: ['branch', 'semester'],
        branch: ['semester'],
        semester: [],
      };
      const cleared = below[name];
      if (!cleared) return false;
      set(name, value);
      for (const f of cleared) set(f, '');
      if (name === 'courseAppliedFor') set('level', courses.data?.find((c) => c.courseName === value)?.level ?? '');
      return true;
    },
  };
}

/** Every drop-down list of the admission forms (the cascade's, caste → sub-caste, and the lookups), by source. */
export function useAdmissionOptions(form: Form) {
  const cascade = useCourseCascade(form);
  const category = form.watch('category');
  const types = useAdmissionTypes();
  const seatTypes = useSeatTypes();
  const castes = useCastes();
  const subCastes = useSubCastes(category);
  const agents = useAgents();
  const nationality = useKeyValues('Nationality');
  const religion = useKeyValues('Religion');
  const entrance = useKeyValues('entrancetype');
  const set = setter(form);

  const lists: Record<Exclude<OptionSource, readonly string[]>, readonly string[] | undefined> = {
    ...cascade.lists,
    admissionTypes: types.data,
    seatTypes: seatTypes.data?.map((s) => s.seatType),
    castes: castes.data,
    subCastes: subCastes.data,
    agents: agents.data,
    nationalities: nationality.data?.map((k) => k.value),
    religions: religion.data?.map((k) => k.value),
    entranceTypes: entrance.data?.map((k) => k.value),
  };
  const loading: Partial<Record<Exclude<OptionSource, readonly string[]>, boolean>> = {
    ...cascade.loading,
    subCastes: subCastes.isFetching,
  };
  const waiting: Partial<Record<AdmissionField, boolean>> = { ...cascade.waiting, subCaste: !category };

  return {
    options: (source: OptionSource | undefined) => (typeof source === 'string' ? (lists[source] ?? []) : source),
    loading: (source: OptionSource | undefined) => (typeof source === 'string' ? Boolean(loading[source]) : false),
    waiting: (name: AdmissionField) => Boolean(waiting[name]),
    /** sets a drop-down's value and empties what depends on it */
    choose(name: AdmissionField, value: string) {
      if (cascade.choose(name, value)) return;
      set(name, value);
      if (name === 'category') set('subCaste', '');
    },
  };
}
