import { T } from '../../i18n';
import { readUser } from '../../session';

/** A teacher opening a student's task (from the task list) tries it; nothing is stored. */
export const isPreview = () => Boolean(readUser()?.isTeacher);

/** Says so at the top of a player, for a teacher. */
export function PreviewNote() {
  if (!isPreview()) return null;
  return (
    <p className="status status-info preview-note" data-testid="preview-note">
      <T k="players.previewNote" />
    </p>
  );
}
