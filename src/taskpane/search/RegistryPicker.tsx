import { Button, Checkbox, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useId, useState } from 'react';
import type { Lang } from '../../core/text/i18n';
import { ALL_LISTS, bitsOf, listdataFromBits, type Listdata } from '../../core/protocol/listdata';
import { GROUP_LABELS, REGISTRY_GROUPS, listsInGroup, type RegistryGroup } from '../../core/protocol/registries';
import { taskpaneMessages as m } from '../shell/messages';

const useStyles = makeStyles({
  error: { color: tokens.colorPaletteRedForeground1 },
  root: {
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    padding: tokens.spacingHorizontalS,
    margin: 0,
    minWidth: 0,
  },
  legend: { padding: `0 ${tokens.spacingHorizontalXS}`, fontWeight: tokens.fontWeightSemibold },
  group: { display: 'flex', flexDirection: 'column', minWidth: 0 },
  // One line: a long group name wraps inside its label, and its chevron stays beside it.
  groupHead: { display: 'flex', alignItems: 'center', minWidth: 0 },
  groupCheck: { flex: '0 1 auto', minWidth: 0 },
  chevron: { flexShrink: 0 },
  lists: { display: 'flex', flexDirection: 'column', paddingLeft: tokens.spacingHorizontalXL, minWidth: 0 },
  value: { fontFamily: tokens.fontFamilyMonospace, overflowWrap: 'anywhere' },
});

/** Drawn, not typed: "▸" needs a font that has it; the browser the tests run in had none, and showed an empty button. */
function Chevron({ open }: { open: boolean }) {
  return (
    <svg
      width="12"
      height="12"
      viewBox="0 0 12 12"
      aria-hidden="true"
      style={open ? { transform: 'rotate(90deg)' } : undefined}
    >
      <path d="M4.5 2.5 8 6l-3.5 3.5" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
    </svg>
  );
}

export interface RegistryPickerProps {
  value: Listdata;
  onChange(value: Listdata): void;
  lang: Lang;
  legend: string;
  /** Inline validation message for the whole picker. */
  error?: string;
  disabled?: boolean;
}

function groupState(bits: ReadonlySet<number>, group: RegistryGroup): boolean | 'mixed' {
  const lists = listsInGroup(group);
  const on = lists.filter((l) => bits.has(l.bit)).length;
  return on === 0 ? false : on === lists.length ? true : 'mixed';
}

/**
 * Lists grouped as the service's operator groups them, with the listdata number the choice makes
 * shown as it changes. "Every list the account allows" is its own choice (-1), not all boxes ticked:
 * only the service knows what the account may use.
 */
export function RegistryPicker({ value, onChange, lang, legend, error, disabled }: RegistryPickerProps) {
  const styles = useStyles();
  const baseId = useId();
  const [open, setOpen] = useState<ReadonlySet<RegistryGroup>>(new Set());
  const all = value === ALL_LISTS;
  const bits = new Set(bitsOf(value));

  const setBits = (next: Set<number>) => onChange(listdataFromBits(next));
  const toggleList = (bit: number, checked: boolean) => {
    const next = new Set(bits);
    if (checked) next.add(bit);
    else next.delete(bit);
    setBits(next);
  };
  const toggleGroup = (group: RegistryGroup) => {
    const next = new Set(bits);
    const state = groupState(bits, group);
    for (const l of listsInGroup(group)) {
      if (state === true) next.delete(l.bit);
      else next.add(l.bit);
    }
    setBits(next);
  };
  const toggleOpen = (group: RegistryGroup) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (next.has(group)) next.delete(group);
      else next.add(group);
      return next;
    });

  return (
    <fieldset className={styles.root} aria-describedby={`${baseId}-value ${error ? `${baseId}-error` : ''}`.trim()}>
      <legend className={styles.legend}>{legend}</legend>
      <Checkbox
        label={m.t(lang, 'registries.all')}
        checked={all}
        disabled={disabled}
        onChange={(_, data) => onChange(data.checked === true ? ALL_LISTS : listdataFromBits(bitsOf(ALL_LISTS)))}
      />
      {REGISTRY_GROUPS.map((group) => {
        const lists = listsInGroup(group);
        if (lists.length === 0) return null;
        const expanded = open.has(group);
        const listId = `${baseId}-${group}`;
        const groupLabel = GROUP_LABELS[group][lang];
        return (
          <div key={group} className={styles.group} role="group" aria-label={groupLabel}>
            <div className={styles.groupHead}>
              <Checkbox
                className={styles.groupCheck}
                label={`${groupLabel} (${lists.filter((l) => bits.has(l.bit)).length}/${lists.length})`}
                checked={all ? true : groupState(bits, group)}
                disabled={disabled || all}
                onChange={() => toggleGroup(group)}
              />
              <Button
                className={styles.chevron}
                appearance="transparent"
                size="small"
                icon={<Chevron open={expanded} />}
                aria-expanded={expanded}
                aria-controls={listId}
                aria-label={m.t(lang, expanded ? 'registries.collapse' : 'registries.expand', { group: groupLabel })}
                onClick={() => toggleOpen(group)}
              />
            </div>
            <div id={listId} className={styles.lists} hidden={!expanded}>
              {expanded &&
                lists.map((l) => (
                  <Checkbox
                    key={l.bit}
                    label={l.label[lang]}
                    checked={all || bits.has(l.bit)}
                    disabled={disabled || all}
                    onChange={(_, data) => toggleList(l.bit, data.checked === true)}
                  />
                ))}
            </div>
          </div>
        );
      })}
      <Text id={`${baseId}-value`} size={200} aria-live="polite" className={styles.value} data-testid="listdata-value">
        {`listdata = ${value.toString()}`}
      </Text>
      {error && (
        <Text id={`${baseId}-error`} role="alert" size={200} className={styles.error}>
          {error}
        </Text>
      )}
    </fieldset>
  );
}
