/**
 * Finding one student in a class of 50: a search box (part of the name) for the teacher's long
 * lists — tasks, reports, the live class view.
 */
import { startTransition, useEffect, useRef, useState } from 'react';
import { T, useT } from '../i18n';

export function StudentSearch({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useT();
  return (
    <label className="list-search">
      <T k="app.findStudent" />{' '}
      <input
        type="search"
        name="student"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={t('app.findStudentExample')}
        autoComplete="off"
      />
    </label>
  );
}

/**
 * The box's text, its setter and the name looked for (the text once typing has stopped for 250 ms,
 * trimmed); when that name changes, the list is fetched again from the server (`refetchFor`, in a
 * transition; null for "everyone"). The first list comes with the page.
 */
export function useServerStudentSearch(refetchFor: (student: string | null) => void): [string, (value: string) => void, string] {
  const [search, setSearch] = useState('');
  const [student, setStudent] = useState('');
  useEffect(() => {
    const wait = window.setTimeout(() => setStudent(search.trim()), 250);
    return () => window.clearTimeout(wait);
  }, [search]);
  const latest = useRef(refetchFor);
  latest.current = refetchFor;
  const shownFor = useRef('');
  useEffect(() => {
    if (student === shownFor.current) return;
    shownFor.current = student;
    startTransition(() => latest.current(student || null));
  }, [student]);
  return [search, setSearch, student];
}
