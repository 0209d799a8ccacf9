import { defineCatalogue } from '../../core/text/i18n';

/** What `checklists history`, `approve`, `certificate`, `archive` and `audit` say about the relay's record. */
const en = {
  'history.refused': 'The relay did not give the history (HTTP {status}): {message}',
  'approve.listRefused': 'The relay did not give the waiting list (HTTP {status}): {message}',
  'approve.none': 'Nothing waits for approval at {relay}.',
  'approve.noneOwn': 'None of your decisions waits for approval at {relay}.',
  'approve.title': 'Waiting for a second person at {relay} ({count}), oldest first:',
  'approve.own': 'yours: another approver must approve it',
  'approve.how': 'Approve with: checklists approve {ids}',
  'approve.howReturn': 'Send one back for review: checklists approve --return {id} --comment "why"',
  'approve.done': '#{id} approved (record line #{line}).',
  'approve.refused': '#{id} not approved: {message}',
  'approve.returned': '#{id} returned for review (record line #{line}): its hit is open again.',
  'approve.returnRefused': '#{id} not returned: {message}',
  'approve.returnedTitle':
    'Your decisions returned for review ({count}), oldest first; decide each anew (a hits sheet and --save-decisions, or the pane):',
  'history.none': 'No decisions on record at {relay} for {subject}.',
  'history.title': 'Decisions on record at {relay} for {subject}',
  'history.current': 'In force, one per hit ({count}):',
  'history.lines': 'Every line, oldest first ({count}):',
  'certificate.saved':
    'Certificate of relay audit no. {id} written: {file} (made by the relay from its archived answer).',
  'certificate.savedMany':
    'Certificates of {count} {count|request|requests} written into one file: {file} (a list of them first; made by the relay from its archived answers).',
  'certificate.notYours':
    'The relay holds no request no. {id} that your key may read: a certificate goes to the analyst who made the request, and to auditors.',
  'certificate.nothing':
    'Request no. {id} has no archived answer to certify: the relay refused it, answered it before its archive existed, or pruned it after the retention years.',
  'certificate.refused': 'The relay did not give the certificate (HTTP {status}): {message}',
  'certificate.fromNoTable':
    'No results table in {file}: none of its sheets has a header row naming Row and Relay audit no. (a results file screened through the relay has one).',
  'certificate.fromMissing':
    '{file} has no {count|row|rows} {rows}: name rows by its Row column, as the client list numbers them.',
  'certificate.fromNone':
    'No row named has a relay audit no. in {file}: they were not screened through the relay (or not screened), so the relay holds no certificate of them.',
  'certificate.fromMany':
    'The rows named hold {count} {count|request|requests}, and one file takes at most {limit}: name fewer with --rows (5,17,20-25).',
  'certificate.leftOut': 'Left out, having no relay audit no.: {count|row|rows} {rows}.',
  'certificate.olderRelay':
    'This relay makes no file of several certificates (it is older than this command line): ask for one number at a time, or have it updated.',
  'certificate.hint':
    "Any row's certificate, later, from the relay's archive: checklists certificate <the row's Relay audit no.>",
  'relay.needed':
    "Decisions live on the organisation's relay: set CHECKLISTS_URL to its address and CHECKLISTS_TOKKEN to your analyst key (docs/cli.md).",
  'relay.neededCertificate':
    "Certificates of earlier requests come from the organisation's relay: set CHECKLISTS_URL to its address and CHECKLISTS_TOKKEN to your analyst key (docs/cli.md).",
  'relay.neededAudit':
    "The audit trail is read from the organisation's relay: set CHECKLISTS_URL to its address and CHECKLISTS_TOKKEN to your key (an analyst's reads their own requests, an auditor's every one; docs/cli.md).",
  'relay.neededArchive':
    "Archived answers come from the organisation's relay: set CHECKLISTS_URL to its address and CHECKLISTS_TOKKEN to your analyst or auditor key (docs/cli.md).",
  'archive.saved':
    'Archived answer {id} written: {file} ({bytes} {bytes|byte|bytes}), byte for byte as the service sent it at {at} UTC (relay audit no. {audit}).',
  'archive.digest':
    "Its SHA-256 {sha} is the one the relay recorded, which its certificate shows as the answer's SHA-256.",
  'archive.mismatch':
    'Archived answer {id} NOT written: its bytes have SHA-256 {computed}, but the relay recorded {recorded}. Fetch it again; if it still differs, have IT run checklists relay verify.',
  'archive.notYours':
    'The relay holds no archived answer {id} that your key may read: an answer goes to the analyst whose request paid for it, and to auditors. The number is the certificate\'s "Relay archive id".',
  'archive.refused': 'The relay did not give archived answer {id} (HTTP {status}): {message}',
  'audit.refused': 'The relay did not give the audit trail (HTTP {status}): {message}',
  'relay.neededDecisions':
    "The decision record is exported from the organisation's relay: set CHECKLISTS_URL to its address and CHECKLISTS_TOKKEN to your auditor key (docs/cli.md).",
  'decisions.refused': 'The relay did not give the decision record (HTTP {status}): {message}',
  'decisions.saved': 'Decision record written: {file}.',
  'decisions.cut':
    "The relay's decision record export stopped part way, after {bytes} {bytes|byte|bytes}: what was written is incomplete. Run the command again.",
  'decisions.cutFile':
    "The relay's decision record export stopped part way, after {bytes} {bytes|byte|bytes}: {file} was not written. Run the command again.",
  'audit.saved': 'Audit export written: {file} ({rows} {rows|row|rows}).',
  'audit.noneOwn':
    "Your key reads your own requests only: a colleague's screening of this client is not among them (an auditor's key reads every request).",
  'audit.cutFile':
    "The relay's audit export stopped part way, after {bytes} {bytes|byte|bytes}: {file} was not written. Run the command again.",
  'audit.cut':
    "The relay's audit export stopped part way, after {bytes} {bytes|byte|bytes}: what was written is incomplete. Run the command again.",
} as const;

type Key = keyof typeof en;

const uk: Record<Key, string> = {
  'history.refused': 'Релей не надав історію (HTTP {status}): {message}',
  'approve.listRefused': 'Релей не надав перелік очікуваних рішень (HTTP {status}): {message}',
  'approve.none': 'На {relay} ніщо не чекає на погодження.',
  'approve.noneOwn': 'На {relay} жодне ваше рішення не чекає на погодження.',
  'approve.title': 'Чекають на другу особу на {relay} ({count}), від найдавнішого:',
  'approve.own': 'ваше: погодити має інший затверджувач',
  'approve.how': 'Погодити: checklists approve {ids}',
  'approve.howReturn': "Повернути на перевірку: checklists approve --return {id} --comment 'чому'",
  'approve.done': '№{id} погоджено (рядок запису №{line}).',
  'approve.refused': '№{id} не погоджено: {message}',
  'approve.returned': '№{id} повернуто на перевірку (рядок запису №{line}): збіг знову відкритий.',
  'approve.returnRefused': '№{id} не повернуто: {message}',
  'approve.returnedTitle':
    'Ваші рішення, повернуті на перевірку ({count}), від найдавнішого; ухваліть кожне заново (аркуш збігів і --save-decisions або панель):',
  'history.none': 'На {relay} немає рішень щодо {subject}.',
  'history.title': 'Рішення на {relay} щодо {subject}',
  'history.current': 'Чинні, по одному на збіг ({count}):',
  'history.lines': 'Усі записи, від найдавнішого ({count}):',
  'certificate.saved':
    'Довідку про запит № {id} у журналі релея записано: {file} (її склав релей з архівної відповіді).',
  'certificate.savedMany':
    'Довідки про {count} {count|запит|запити|запитів} записано в один файл: {file} (спершу їхній перелік; їх склав релей з архівних відповідей).',
  'certificate.notYours':
    'На релеї немає запиту № {id}, доступного вашому ключу: довідку отримує аналітик, який зробив запит, і аудитори.',
  'certificate.nothing':
    'Запит № {id} не має архівної відповіді для довідки: релей його відхилив, відповів на нього ще до появи архіву або вилучив її після строку зберігання.',
  'certificate.refused': 'Релей не надав довідку (HTTP {status}): {message}',
  'certificate.fromNoTable':
    'У {file} немає таблиці результатів: на жодному аркуші немає рядка заголовків зі стовпцями «Рядок» і «№ у журналі релея» (вони є в результатах перевірки через релей).',
  'certificate.fromMissing':
    'У {file} немає {count|рядка|рядків|рядків} {rows}: указуйте рядки за стовпцем «Рядок», як їх нумерує список клієнтів.',
  'certificate.fromNone':
    'Жоден із названих рядків у {file} не має № у журналі релея: їх перевірено не через релей (або не перевірено), тож довідок про них на релеї немає.',
  'certificate.fromMany':
    'Названі рядки містять {count} {count|запит|запити|запитів}, а один файл вміщує не більше ніж {limit}: назвіть менше через --rows (5,17,20-25).',
  'certificate.leftOut': 'Пропущено, бо немає № у журналі релея: {count|рядок|рядки|рядки} {rows}.',
  'certificate.olderRelay':
    'Цей релей не складає файл із кількох довідок (він старіший за цей командний рядок): запитуйте по одному номеру або попросіть його оновити.',
  'certificate.hint':
    'Довідку про будь-який рядок згодом дає архів релея: checklists certificate <№ у журналі релея цього рядка>',
  'relay.needed':
    'Рішення зберігає релей організації: задайте CHECKLISTS_URL його адресою, а CHECKLISTS_TOKKEN — вашим ключем аналітика (docs/cli.md).',
  'relay.neededCertificate':
    'Довідки про попередні запити дає релей організації: задайте CHECKLISTS_URL його адресою, а CHECKLISTS_TOKKEN — вашим ключем аналітика (docs/cli.md).',
  'relay.neededAudit':
    'Журнал аудиту читають з релея організації: задайте CHECKLISTS_URL його адресою, а CHECKLISTS_TOKKEN — вашим ключем (ключ аналітика читає власні запити, ключ аудитора — усі; docs/cli.md).',
  'relay.neededArchive':
    'Архівні відповіді дає релей організації: задайте CHECKLISTS_URL його адресою, а CHECKLISTS_TOKKEN — вашим ключем аналітика чи аудитора (docs/cli.md).',
  'archive.saved':
    'Архівну відповідь {id} записано: {file} ({bytes} {bytes|байт|байти|байтів}), байт у байт як її надіслав сервіс {at} UTC (№ {audit} у журналі релея).',
  'archive.digest': 'Її SHA-256 {sha} — той, що записав релей і що довідка показує як SHA-256 відповіді.',
  'archive.mismatch':
    'Архівну відповідь {id} НЕ записано: SHA-256 її байтів {computed}, а релей записав {recorded}. Отримайте її ще раз; якщо не збігається знову, попросіть ІТ запустити checklists relay verify.',
  'archive.notYours':
    'На релеї немає архівної відповіді {id}, доступної вашому ключу: відповідь отримує аналітик, чий запит за неї заплатив, і аудитори. Указуйте «Номер в архіві релея» з довідки.',
  'archive.refused': 'Релей не надав архівну відповідь {id} (HTTP {status}): {message}',
  'audit.refused': 'Релей не надав журнал аудиту (HTTP {status}): {message}',
  'relay.neededDecisions':
    'Реєстр рішень вивантажують з релея організації: задайте CHECKLISTS_URL його адресою, а CHECKLISTS_TOKKEN — вашим ключем аудитора (docs/cli.md).',
  'decisions.refused': 'Релей не надав реєстр рішень (HTTP {status}): {message}',
  'decisions.saved': 'Реєстр рішень записано: {file}.',
  'decisions.cut':
    'Вивантаження реєстру рішень з релея обірвалося після {bytes} {bytes|байта|байтів|байтів}: записане неповне. Запустіть команду ще раз.',
  'decisions.cutFile':
    'Вивантаження реєстру рішень з релея обірвалося після {bytes} {bytes|байта|байтів|байтів}: {file} не записано. Запустіть команду ще раз.',
  'audit.saved': 'Журнал аудиту записано: {file} ({rows} {rows|рядок|рядки|рядків}).',
  'audit.noneOwn':
    'Ваш ключ читає лише ваші власні запити: перевірки цього клієнта колегами тут немає (ключ аудитора читає всі запити).',
  'audit.cutFile':
    'Вивантаження журналу аудиту з релея обірвалося після {bytes} {bytes|байта|байтів|байтів}: {file} не записано. Запустіть команду ще раз.',
  'audit.cut':
    'Вивантаження журналу аудиту з релея обірвалося після {bytes} {bytes|байта|байтів|байтів}: записане неповне. Запустіть команду ще раз.',
};

export const recordMessages = defineCatalogue<Key>(en, uk);
export type RecordMessageKey = Key;
