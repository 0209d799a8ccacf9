import { defineCatalogue } from '../core/text/i18n';

/** Texts of decisions and re-screening: a catalogue of their own, next to the bulk one. */
const en = {
  'decision.falsePositive': 'False positive',
  'decision.trueMatch': 'True match',
  'decision.needsReview': 'Needs review',
  'change.new': 'New',
  'change.changed': 'Changed',
  'change.changedWhat': 'Changed: {what}',
  'change.what.percent': 'percent {from} → {to}',
  'change.what.level': 'level {from} → {to}',
  'change.what.name': 'name {from} → {to}',
  'change.what.birth': 'birth date {from} → {to}',
  'change.what.record': 'the record’s other fields (status, lists, documents, codes or details)',
  'change.clearedBefore':
    'the false positive decided before ({parts}) was of the record before this change: decide again',
  'change.clearedBeforeUnsigned':
    'the false positive decided before was of the record before this change: decide again',
  'change.earlier': 'decided on the relay by {analyst} ({decision}) before the record changed',
  'change.earlierAlone': 'Decided on the relay by {analyst} ({decision}) before the record changed: decide again',
  'change.same': 'Same',
  'change.gone': 'Gone',
  'col.change': 'Change',
  'col.decision': 'Decision',
  'col.reason': 'Reason',
  'col.comment': 'Comment',
  'decidedBy.relay': '{analyst} (relay)',
  'decidedBy.relayOverrides': '{analyst} (relay; the sheet said "{was}")',
  'decidedBy.pending': '{analyst} (relay; awaiting approval)',
  'decidedBy.pendingOverrides': '{analyst} (relay; awaiting approval; the sheet said "{was}")',
  'decidedBy.returned': '{analyst} (relay; returned for review)',
  'decidedBy.returnedOverrides': '{analyst} (relay; returned for review; the sheet said "{was}")',
  'decidedBy.approved': '{analyst} (relay; approved by {approver})',
  'decidedBy.approvedOverrides': '{analyst} (relay; approved by {approver}; the sheet said "{was}")',
  'col.fingerprint': 'Record fingerprint',
  'col.decidedBy': 'Decided by',
  'col.decidedAt': 'Decided at',
  'col.hitId': 'Hit ID',
  'col.openLevel': 'Level of undecided hits',
  'level.noneOpen': 'All decided',
  'sheet.gone': 'CheckLists gone',
  // Mid-line, after the run's state and a semicolon: lower case.
  'header.changes': 'since the previous run',

  'header.changes.pending': 'counted when the run ends',
  'header.changes.summary':
    'new {new}, changed {changed}, gone {gone}; rows to review {review}; hits not decided yet {undecided} (previous: {source})',
  'panel.screenAgain': 'Screen again',
  'panel.screenAgainOn': 'Screen again: {sheet}',
  'panel.screenAgainHint':
    'Screens this sheet’s client list again and carries every decision to the same hit; new, changed and gone hits are marked.',
  'panel.screenAgainNoSheet': 'To screen a list again with its decisions, open its results sheet (or its hits sheet).',
  'panel.screenAgainCommandLine':
    'These results were written by the command line, from {input}: screen them again there, where the list is, with checklists screen <the list> --previous <this workbook>; their decisions go along.',
  'summary.line':
    'Since the previous run: new {new}, changed {changed}, gone {gone}; rows to review: {review}; hits not decided yet: {undecided}.',
  'summary.reopened':
    'Cleared as false positives, but the registry has edited the record since: {count} {count|hit|hits} to look at again (the Level of undecided hits column counts {count|it|them} as open).',
  'header.reopened': 'cleared hits to look at again {count}',
  'summary.goneTrueMatches':
    'No longer found, though confirmed as true matches: {count} {count|hit|hits} (on the Gone sheet): the client’s risk may need a new look.',
  'header.goneTrueMatches': 'confirmed hits gone {count}',
  'panel.saveDecisions': 'Save decisions to the relay',
  'panel.saveDecisionsHint':
    'On a results sheet (or its hits sheet): send the Decision, Reason and Comment of every decided hit to the relay, under your own name.',
  'saved.summary':
    'Saved to the relay: recorded {recorded}, waiting for approval {pending}, already recorded {unchanged}, refused {refused}, not sent {notSent}.',
  'saved.nothing': 'No hit on this sheet has a decision yet: nothing was sent.',
  'saved.noRelay': 'Nothing was sent: save the relay’s address and your own key in Settings first.',
  'panel.rowCertificate': 'Certificates of the selected rows',
  'panel.rowCertificateHint':
    'On a results sheet (or its hits sheet) of a run through the relay: the screening certificates of the selected rows (Ctrl-click for scattered ones; rows a filter hides are left out; up to {limit} clients) in one PDF, made by the relay from its archived answers.',
  'rowCertificate.noRelay': 'No certificate: save the relay’s address and your own key in Settings first.',
  'rowCertificate.notARow':
    'Select a client’s row of a results sheet (or several), or hits of its hits sheet, then press again.',
  'rowCertificate.severalAreas':
    'This Excel gives an add-in one block of a selection only, not a Ctrl-click’s several: select one block of rows. To pick scattered clients, filter the table to them and select it top to bottom: rows the filter hides are left out.',
  'rowCertificate.tooMany': 'At most {limit} clients’ certificates in one file: select fewer rows.',
  'rowCertificate.noneMany':
    'None of the {count} selected rows has a relay audit no.: they were not screened through the relay (or not screened), so the relay holds no certificate of them.',
  'rowCertificate.savedMany':
    'Rows {rows}: certificates of {count} {count|request|requests} saved as {file}, a list of them first (from the relay’s archived answers).',
  'rowCertificate.leftOut': 'Left out, having no relay audit no.: {count|row|rows} {rows}.',
  'rowCertificate.none':
    'Row {row} has no relay audit no.: it was not screened through the relay (or not screened), so the relay holds no certificate of it.',
  'rowCertificate.notYours':
    'the relay holds no request no. {id} that your key may read (a certificate goes to the analyst who screened the row, and to auditors)',
  'rowCertificate.saved': 'Row {row}: saved as {file} (relay audit no. {id}, from its archived answer).',
  'rowCertificate.savedRows':
    'Rows {rows}, one client’s: saved as {file} (relay audit no. {id}, from its archived answer).',
  'rowCertificate.nothing':
    'request no. {id} has no archived answer to certify (refused by the relay, answered before its archive existed, or pruned after the retention years)',
  'saved.refused': '{hit}: refused by the relay ({reason})',
  'saved.notSent.not-in-list': '{hit}: not sent: its client is no longer in the list the run read',
  'saved.notSent.no-fingerprint': '{hit}: not sent: this hits sheet predates record fingerprints; screen again first',
  'validation.prompt': 'Leave blank, or choose: {allowed}',
  'validation.error': 'Choose one of: {allowed}, or leave the cell blank.',
  'validation.reason.prompt': 'Choose a reason from the list; anything more goes in Comment.',
  'validation.reason.error': 'Choose a reason from the list or leave the cell blank; write anything else in Comment.',
  'previous.noHitsSheet':
    'No sheet of "{source}" holds a hits table with a "Hit ID" column: choose the results of an earlier run.',
  'previous.commandLine':
    'The sheet "{sheet}" holds results the command line wrote, from {input}: their list is in that file. Screen them again, or save their decisions to the relay, with the command line: checklists screen <the list> --previous <this workbook> [--save-decisions].',
  'previous.hitsTableMissing':
    'The hits table "{table}" of "{sheet}" is gone (renamed, deleted or converted to a range) and no hits sheet has its header row, yet the run listed hits: nothing was screened, so no decision is dropped. Restore the hits sheet (undo) and run again.',
  'previous.whereSheet': 'Sheet "{sheet}"',
  'previous.whereFile': 'File "{sheet}"',
  'previous.missingColumn':
    '{where}, header row {cell}: the column "{column}" is missing. Restore it (undo the deletion) and run again.',
  'previous.badDecision':
    '{where}, cell {cell}: "{value}" is not a decision. Use one of: {allowed}, or leave it blank.',
  'previous.badHitId':
    '{where}, cell {cell}: this row holds a decision but its Hit ID "{value}" is not one this add-in wrote. Restore the Hit ID from the previous results.',
  'previous.refused':
    'Nothing was screened: the previous results have {count} {count|problem|problems}, and screening on would drop decisions. Fix them and run again.',
  'previous.resumeUnsupported': 'A re-screen against previous results cannot be resumed; run it again from the start.',
  'shift.fictional-to-live':
    'The previous results came from a sandbox (fictional data), this run from the live service: its new, changed and gone hits compare real answers with invented ones. Compare it with an earlier live run.',
  'shift.live-to-fictional':
    'The previous results came from the live service, this run from a sandbox (fictional data): its new, changed and gone hits say nothing about real people.',
} as const;

type Key = keyof typeof en;

const uk: Record<Key, string> = {
  'decision.falsePositive': 'Хибний збіг',
  'decision.trueMatch': 'Підтверджено',
  'decision.needsReview': 'Потребує перевірки',
  'change.new': 'Новий',
  'change.changed': 'Змінено',
  'change.changedWhat': 'Змінено: {what}',
  'change.what.percent': 'відсоток {from} → {to}',
  'change.what.level': 'рівень {from} → {to}',
  'change.what.name': 'ім’я {from} → {to}',
  'change.what.birth': 'дата народження {from} → {to}',
  'change.what.record': 'інші поля запису (статус, списки, документи, коди чи подробиці)',
  'change.clearedBefore': 'попереднє рішення «хибний збіг» ({parts}) стосувалося запису до цієї зміни: вирішіть знову',
  'change.clearedBeforeUnsigned': 'попереднє рішення «хибний збіг» стосувалося запису до цієї зміни: вирішіть знову',
  'change.earlier': 'рішення {analyst} на релеї ({decision}) ухвалено до того, як запис змінився',
  'change.earlierAlone': 'Рішення {analyst} на релеї ({decision}) ухвалено до того, як запис змінився: вирішіть знову',
  'change.same': 'Без змін',
  'change.gone': 'Зник',
  'col.change': 'Зміна',
  'col.decision': 'Рішення',
  'col.reason': 'Причина',
  'col.comment': 'Коментар',
  'decidedBy.relay': '{analyst} (релей)',
  'decidedBy.relayOverrides': '{analyst} (релей; на аркуші було «{was}»)',
  'decidedBy.pending': '{analyst} (релей; чекає на погодження)',
  'decidedBy.pendingOverrides': '{analyst} (релей; чекає на погодження; на аркуші було «{was}»)',
  'decidedBy.returned': '{analyst} (релей; повернуто на перевірку)',
  'decidedBy.returnedOverrides': '{analyst} (релей; повернуто на перевірку; на аркуші було «{was}»)',
  'decidedBy.approved': '{analyst} (релей; погоджено: {approver})',
  'decidedBy.approvedOverrides': '{analyst} (релей; погоджено: {approver}; на аркуші було «{was}»)',
  'col.fingerprint': 'Відбиток запису',
  'col.decidedBy': 'Хто вирішив',
  'col.decidedAt': 'Коли вирішено',
  'col.hitId': 'Ідентифікатор збігу',
  'col.openLevel': 'Рівень невирішених збігів',
  'level.noneOpen': 'Усі вирішено',
  'sheet.gone': 'CheckLists зниклі',
  'header.changes': 'від попередньої перевірки',

  'header.changes.pending': 'буде пораховано наприкінці перевірки',
  'header.changes.summary':
    'нових {new}, змінених {changed}, зниклих {gone}; рядків до перегляду {review}; збігів без рішення {undecided} (попередня: {source})',
  'panel.screenAgain': 'Перевірити знову',
  'panel.screenAgainOn': 'Перевірити знову: {sheet}',
  'panel.screenAgainHint':
    'Перевіряє список клієнтів цього аркуша знову й переносить кожне рішення до того самого збігу; нові, змінені та зниклі збіги позначено.',
  'panel.screenAgainNoSheet':
    'Щоб перевірити список знову з його рішеннями, відкрийте його аркуш результатів (або аркуш збігів).',
  'panel.screenAgainCommandLine':
    'Ці результати записав командний рядок із {input}: перевірте їх знову там, де список, командою checklists screen <список> --previous <ця книга>; рішення перенесуться.',
  'summary.line':
    'Від попередньої перевірки: нових {new}, змінених {changed}, зниклих {gone}; рядків до перегляду: {review}; збігів без рішення: {undecided}.',
  'summary.reopened':
    'Знято як хибні збіги, але реєстр відтоді змінив запис: {count} {count|збіг|збіги|збігів} переглянути знову (стовпець «Рівень невирішених збігів» рахує {count|його відкритим|їх відкритими|їх відкритими}).',
  'header.reopened': 'знятих збігів переглянути знову {count}',
  'summary.goneTrueMatches':
    'Більше не знайдено, хоча підтверджено як справжні збіги: {count} {count|збіг|збіги|збігів} (на аркуші зниклих): ризик клієнта, можливо, варто переглянути.',
  'header.goneTrueMatches': 'підтверджених збігів зникло {count}',
  'panel.saveDecisions': 'Зберегти рішення на релеї',
  'panel.saveDecisionsHint':
    'На аркуші результатів (або його аркуші збігів): надіслати на релей рішення, причину й коментар кожного вирішеного збігу від вашого імені.',
  'saved.summary':
    'Збережено на релеї: записано {recorded}, чекають на погодження {pending}, уже були записані {unchanged}, відхилено {refused}, не надіслано {notSent}.',
  'saved.nothing': 'На цьому аркуші ще немає жодного рішення: нічого не надіслано.',
  'saved.noRelay': 'Нічого не надіслано: спершу збережіть адресу релея та свій ключ у «Налаштуваннях».',
  'panel.rowCertificate': 'Довідки для виділених рядків',
  'panel.rowCertificateHint':
    'На аркуші результатів (або його аркуші збігів) перевірки через релей: довідки про перевірку виділених рядків (розрізнені виділяйте з Ctrl; рядки, сховані фільтром, пропускаються; до {limit} клієнтів) в одному PDF, які релей складає з архівних відповідей.',
  'rowCertificate.noRelay': 'Довідки немає: спершу збережіть адресу релея та свій ключ у «Налаштуваннях».',
  'rowCertificate.notARow':
    'Виділіть рядок клієнта (або кілька) на аркуші результатів чи збіги на його аркуші збігів і натисніть ще раз.',
  'rowCertificate.severalAreas':
    'Ця версія Excel дає надбудові лише один блок виділення, а не кілька, виділених із Ctrl: виділіть один блок рядків. Щоб вибрати клієнтів урозкид, відфільтруйте таблицю до них і виділіть її згори донизу: рядки, сховані фільтром, пропускаються.',
  'rowCertificate.tooMany': 'Не більше ніж {limit} довідок про клієнтів в одному файлі: виділіть менше рядків.',
  'rowCertificate.noneMany':
    'Жоден із {count} виділених рядків не має № у журналі релея: їх перевірено не через релей (або не перевірено), тож довідок про них на релеї немає.',
  'rowCertificate.savedMany':
    'Рядки {rows}: довідки про {count} {count|запит|запити|запитів} збережено як {file}, спершу їхній перелік (з архівних відповідей релея).',
  'rowCertificate.leftOut': 'Пропущено, бо немає № у журналі релея: {count|рядок|рядки|рядки} {rows}.',
  'rowCertificate.none':
    'Рядок {row} не має № у журналі релея: його перевірено не через релей (або не перевірено), тож довідки про нього на релеї немає.',
  'rowCertificate.notYours':
    'на релеї немає запиту № {id}, доступного вашому ключу (довідку отримує аналітик, який перевіряв рядок, і аудитори)',
  'rowCertificate.saved': 'Рядок {row}: збережено як {file} (№ у журналі релея {id}, з архівної відповіді).',
  'rowCertificate.savedRows':
    'Рядки {rows}, одного клієнта: збережено як {file} (№ у журналі релея {id}, з архівної відповіді).',
  'rowCertificate.nothing':
    'запит № {id} не має архівної відповіді для довідки (релей його відхилив, відповів ще до появи архіву або вилучив її після строку зберігання)',
  'saved.refused': '{hit}: релей відхилив ({reason})',
  'saved.notSent.not-in-list': '{hit}: не надіслано: цього клієнта вже немає у списку, який читала перевірка',
  'saved.notSent.no-fingerprint':
    '{hit}: не надіслано: цей аркуш збігів старший за відбитки записів; спершу перевірте знову',
  'validation.prompt': 'Залиште порожнім або виберіть: {allowed}',
  'validation.error': 'Виберіть одне з: {allowed} або залиште клітинку порожньою.',
  'validation.reason.prompt': 'Виберіть причину зі списку; решту напишіть у «Коментар».',
  'validation.reason.error': 'Виберіть причину зі списку або залиште клітинку порожньою; інше напишіть у «Коментар».',
  'previous.noHitsSheet':
    'Жоден аркуш «{source}» не містить таблиці збігів зі стовпцем «Ідентифікатор збігу»: виберіть результати попередньої перевірки.',
  'previous.commandLine':
    'Аркуш «{sheet}» містить результати, які записав командний рядок із {input}: список — у тому файлі. Перевірте їх знову або збережіть їхні рішення на релеї командним рядком: checklists screen <список> --previous <ця книга> [--save-decisions].',
  'previous.hitsTableMissing':
    'Таблиці збігів «{table}» аркуша «{sheet}» немає (її перейменовано, видалено або перетворено на діапазон), і жоден аркуш збігів не має її рядка заголовків, хоча перевірка знайшла збіги. Нічого не перевірено, тож жодне рішення не втрачено. Поверніть аркуш збігів (скасуйте дію) і запустіть знову.',
  'previous.whereSheet': 'Аркуш «{sheet}»',
  'previous.whereFile': 'Файл «{sheet}»',
  'previous.missingColumn':
    '{where}, рядок заголовків {cell}: немає стовпця «{column}». Поверніть його (скасуйте видалення) і запустіть знову.',
  'previous.badDecision':
    '{where}, клітинка {cell}: «{value}» не є рішенням. Виберіть одне з: {allowed} або залиште порожнім.',
  'previous.badHitId':
    '{where}, клітинка {cell}: у рядку є рішення, але його ідентифікатор збігу «{value}» записаний не цією програмою. Поверніть ідентифікатор із попередніх результатів.',
  'previous.refused':
    'Перевірку не запущено: у попередніх результатах {count} {count|проблема|проблеми|проблем}, і продовження втратило б рішення. Виправте їх і запустіть знову.',
  'previous.resumeUnsupported':
    'Повторну перевірку з попередніми результатами не можна продовжити; запустіть її знову з початку.',
  'shift.fictional-to-live':
    'Попередні результати отримано з пісочниці (вигадані дані), а ця перевірка — з робочого сервісу: її нові, змінені й зниклі збіги порівнюють справжні відповіді з вигаданими. Порівнюйте її з попередньою перевіркою на робочому сервісі.',
  'shift.live-to-fictional':
    'Попередні результати отримано з робочого сервісу, а ця перевірка — з пісочниці (вигадані дані): її нові, змінені й зниклі збіги нічого не кажуть про реальних людей.',
};

export const rescreenMessages = defineCatalogue<Key>(en, uk);
