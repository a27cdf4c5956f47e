import { SelectField, type SelectOption } from '@/components/fields';
import { PER_PAGE_VALUES, type PerPage } from '@/lib/api/types';
import { t } from '@/lib/i18n';

const OPTIONS: SelectOption<`${PerPage}`>[] = PER_PAGE_VALUES.map((value) => ({
  value: `${value}`,
  label: `${value}`,
}));

export function PerPageSelect({
  id,
  value,
  onChange,
}: {
  id: string;
  value: PerPage;
  onChange: (perPage: PerPage) => void;
}) {
  return (
    <SelectField
      id={id}
      label={t('optionsPerPage')}
      value={`${value}`}
      options={OPTIONS}
      onChange={(choice) => onChange(Number(choice) as PerPage)}
    />
  );
}
