import { useCallback, useState, type ReactNode } from 'react';
import {
  useForm,
  type DefaultValues,
  type FieldValues,
  type Resolver,
  type UseFormRegisterReturn,
  type UseFormReturn,
} from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { Button } from '@forum/ui';
import { m } from '../i18n-manage.ts';
import type { PageOf } from './data-table.tsx';
import { usePagedList } from './paged-list.ts';

/** The day range every filter form ends with (`dayFilter` fields of the contracts). */
interface DayRange {
  createdAtBegin?: unknown;
  createdAtEnd?: unknown;
}

/** Props of the filter form above an admin list or chart. */
export interface FilterBarProps<In extends FieldValues & DayRange, Out> {
  form: UseFormReturn<In, unknown, Out>;
  /** Runs with the checked filter when the search button is pressed. */
  onSearch: (filter: Out) => void;
  testId: string;
  searchTestId?: string;
  /** The search button's label: "search" unless a chart says "show". */
  searchLabel?: string;
  /** The page's own filter fields, shown before the day range. */
  children?: ReactNode;
}

/**
 * A filter form in one row: the page's fields, the from / to day range, the search button and the
 * contract's complaints (one per field) beside it.
 */
export function FilterBar<In extends FieldValues & DayRange, Out>({
  form,
  onSearch,
  testId,
  searchTestId,
  searchLabel = m.filter.search,
  children,
}: FilterBarProps<In, Out>) {
  // A generic form cannot name its fields to the type checker: every caller's filter has these two.
  const register = (form as unknown as UseFormReturn<{ createdAtBegin: string; createdAtEnd: string }>)
    .register;
  return (
    <form className="admin-row" data-testid={testId} onSubmit={form.handleSubmit(onSearch)}>
      {children}
      <input type="date" {...register('createdAtBegin')} aria-label={m.filter.from} />
      <input type="date" {...register('createdAtEnd')} aria-label={m.filter.to} />
      <Button type="submit" data-testid={searchTestId}>
        {searchLabel}
      </Button>
      {Object.entries(form.formState.errors).map(([k, e]) => (
        <span key={k} className="admin-error" role="alert">
          {k}: {String(e?.message ?? '')}
        </span>
      ))}
    </form>
  );
}

/** A filter's select: "all" (its own value, e.g. `0` or `-1`) first, then the choices as value / label pairs. */
export function ChoiceFilter({
  field,
  label,
  all,
  choices,
}: {
  field: UseFormRegisterReturn;
  label: string;
  all: [value: string, label: string];
  choices: Array<[value: string, label: string]>;
}) {
  return (
    <select {...field} aria-label={label}>
      <option value={all[0]}>{all[1]}</option>
      {choices.map(([value, text]) => (
        <option key={value} value={value}>
          {text}
        </option>
      ))}
    </select>
  );
}

/**
 * A paged list filtered by a contract's filter schema: the form, the filter it last accepted, and the list,
 * which reloads from page 1 on every search. `fetchPage` should be stable (module level or `useCallback`).
 */
export function useFilteredList<S extends z.ZodType<FieldValues, FieldValues>, T>(
  schema: S,
  defaultValues: DefaultValues<z.input<S>>,
  fetchPage: (filter: z.output<S>, pageNo: number) => Promise<PageOf<T> | null>,
) {
  const [filter, setFilter] = useState<z.output<S>>(() => schema.parse({}));
  const form = useForm<z.input<S>, unknown, z.output<S>>({
    // The resolver's types cannot follow a generic schema; the page's own schema fixes them at the call.
    resolver: zodResolver(schema) as unknown as Resolver<z.input<S>, unknown, z.output<S>>,
    defaultValues,
  });
  const list = usePagedList(useCallback((page: number) => fetchPage(filter, page), [fetchPage, filter]));
  const search = (f: z.output<S>) => {
    setFilter(f);
    list.setPageNo(1);
  };
  return { form, list, search };
}
