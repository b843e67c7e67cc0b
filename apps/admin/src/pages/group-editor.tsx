import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { groupEdit, groupsBatchUpdate, type AdminGroup } from '@forum/contracts';
import { Button, toast } from '@forum/ui';
import { run } from '../api.ts';
import { s } from '../i18n.ts';
import { m } from '../i18n-manage.ts';

type Values = z.input<typeof groupEdit>;

/** Groups that can never be paid: the administrators, unpaid visitors and guests. */
const NEVER_PAID = new Set([1, 6, 7]);

/**
 * A group's own fields (issue 10 §4): name, type, colour, icon, display, the paid-group terms (fee in yuan,
 * days, level, description, notice) and the invite terms (commission scale, subordinate, commission). The
 * contract's schema checks the form before it is sent.
 */
export function GroupFieldsEditor({
  group,
  onClose,
}: {
  group: AdminGroup;
  onClose: (saved: boolean) => void;
}) {
  const canPay = !NEVER_PAID.has(group.id);
  const form = useForm<Values, unknown, z.output<typeof groupEdit>>({
    resolver: zodResolver(groupEdit),
    defaultValues: {
      id: group.id,
      name: group.name,
      type: group.type,
      color: group.color,
      icon: group.icon,
      isDisplay: group.isDisplay,
      isPaid: group.isPaid,
      fee: group.fee,
      days: group.days,
      level: group.level,
      description: group.description,
      notice: group.notice,
      scale: group.scale,
      isSubordinate: group.isSubordinate,
      isCommission: group.isCommission,
    },
  });
  const save = form.handleSubmit(async (v) => {
    // Paid terms are left out for the groups that can never be paid (the server refuses them).
    const { isPaid, fee, days, level, description, notice, ...rest } = v;
    const data = canPay ? { ...rest, isPaid, fee, days, level, description, notice } : rest;
    if (await run(groupsBatchUpdate, { data: [data] })) {
      toast.success(s.saved, { duration: 1000 });
      onClose(true);
    }
  });
  const errors = form.formState.errors;
  const text = (name: 'name' | 'type' | 'color' | 'icon' | 'description' | 'notice', label: string) => (
    <label className="admin-field">
      <span>{label}</span>
      <input type="text" {...form.register(name)} />
      {errors[name] && <em className="admin-error">{errors[name]?.message}</em>}
    </label>
  );
  const num = (name: 'fee' | 'days' | 'level' | 'scale', label: string, step = 1) => (
    <label className="admin-field">
      <span>{label}</span>
      <input type="number" step={step} min={0} {...form.register(name, { valueAsNumber: true })} />
      {errors[name] && (
        <em className="admin-error" data-testid={`error-${name}`}>
          {errors[name]?.message}
        </em>
      )}
    </label>
  );
  const check = (name: 'isDisplay' | 'isPaid' | 'isSubordinate' | 'isCommission', label: string) => (
    <label className="admin-field admin-field--bool">
      <span>{label}</span>
      <input type="checkbox" {...form.register(name)} />
    </label>
  );
  return (
    <form
      className="admin-panel admin-form"
      onSubmit={(e) => void save(e)}
      data-testid="group-editor"
      noValidate
    >
      <h2>{group.name}</h2>
      {text('name', s.groups.name)}
      {text('type', s.groups.type)}
      {text('color', s.groups.color)}
      {text('icon', m.groups.icon)}
      {check('isDisplay', s.groups.display)}
      {canPay && (
        <>
          {check('isPaid', s.groups.paid)}
          {num('fee', s.groups.fee, 0.01)}
          {num('days', s.groups.days)}
          {num('level', m.groups.level)}
          {text('description', m.groups.description)}
          {text('notice', m.groups.notice)}
        </>
      )}
      {num('scale', s.groups.scale)}
      {check('isSubordinate', m.groups.isSubordinate)}
      {check('isCommission', m.groups.isCommission)}
      <div className="admin-row">
        <Button kind="primary" type="submit" data-testid="group-save" loading={form.formState.isSubmitting}>
          {s.save}
        </Button>
        <Button onClick={() => onClose(false)}>{s.cancel}</Button>
      </div>
    </form>
  );
}
