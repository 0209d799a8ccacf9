import { defineCatalogue } from '../core/text/i18n';
import { UsageError } from './exit-codes';

const en = {
  'args.lang': 'Unknown language "{value}": use uk or en.',
  'args.integer': '{name} must be a whole number from {min} to {max}; got "{value}".',
  'args.rate': '{name} must be a number from 0 to 1; got "{value}".',
  'args.invalid': 'Bad command line: {detail}',
  'args.didYouMean': 'Unknown option {option}. Did you mean {near}? See: checklists {command} --help',
  'args.unknownOption': 'Unknown option {option}. See: checklists {command} --help',
  'args.needsValue': 'Option {option} needs a value after it, as in {option} VALUE.',
  'args.takesNoValue': 'Option {option} takes no value: write it alone.',
  'args.unknownCommandNear': 'Unknown command "{value}". Did you mean "{near}"? See: checklists --help',
  'args.unexpected': 'Unexpected argument: {value}',
  'args.approveId':
    'Name each decision to approve by its number, as checklists approve lists it (12 or #12); got "{value}".',
  'args.returnUsage': 'Return one decision, with why: checklists approve --return 12 --comment "what to check"',
  'args.certificateNo':
    "Name the requests by their relay audit nos., as a results file's last column shows them: checklists certificate 4127 [4130 ...] [-o FILE.pdf]",
  'args.certificateMany': 'At most {limit} certificates in one file: name fewer numbers, or ask again for the rest.',
  'args.oneFormat': 'Choose one of --csv and --json.',
  'args.archiveId':
    'Name one archived answer by its relay archive id, as its certificate shows it: checklists archive 9 [-o FILE.json]',
  'args.certificateFrom':
    'Name rows of an earlier results file as: checklists certificate --from FILE [--rows 5,17,20-25]',
  'args.screen.noInput': 'Name the file to screen: checklists screen <clients.xlsx | clients.csv>',
  'args.saveDecisions.previous':
    '--save-decisions records the decisions of an earlier results file: give it with --previous FILE.',
  'args.progress': 'Unknown --progress value "{value}": use auto, bar, lines or none.',
  'args.unknownCommand': 'Unknown command "{value}". Commands: {commands}. See: checklists --help',
  'args.output.format': 'The output file must end in .xlsx or .csv; got "{path}".',
  'args.output.sameAs':
    'The {which} file {output} is the input file {input}: it would be overwritten. Choose another -o.',
  'args.output.notWritable':
    'Cannot write {path}: {reason}. Close it in other programs or choose another -o; nothing was sent yet.',
  'args.output.isFolder': '{path} is a folder, not a file: choose another -o; nothing was sent yet.',
  'output.writeFailed':
    'Could not write {path} ({reason}). Every answer received ({answers}) is kept in {state}: once the file is free (closed in Excel, writable), run the same command with --resume to write them without asking the service again.',
  'file.symlink':
    '{path} is a symbolic link: refusing to follow it (someone else may have placed it). Remove it or choose another -o.',
  'file.notFile': '{path} is not a regular file: remove it or choose another -o.',
  'file.foreign':
    '{path} belongs to another user or can be changed by other users (mode {mode}): refusing to use it. Remove it or choose another -o.',
  'stateKey.readable': 'The state key {path} can be read by other users (mode {mode}): run chmod 600 {path}.',
  'stateKey.bad': 'The state key {path} is damaged: remove it (stopped runs signed with it can then not be resumed).',
  'state.tampered':
    'The state file {path} was changed outside CheckLists: line {line} does not carry a valid signature. Refusing to trust it; remove it and screen again without --resume.',
  'state.vanished': 'The state file {path} disappeared during the run.',
  'state.serviceChanged':
    'The stopped run asked {was}; now {now} is configured. A resume must use the same service address and IDsubjectFM, or the report would mix two services: restore them, or screen again without --resume.',
  'state.incomplete':
    'The state file recorded {written} {written|row|rows} as written, but the answers for {missing} of their subjects are missing: they will be asked again.',
  'lock.busy':
    'Another CheckLists run is already writing {output}: process {pid} on {host}, started {since} (lock {lock}). Wait for it to finish, or choose another -o.',
  'lock.unknown':
    'Another CheckLists run may be writing {output} (lock {lock} cannot be read). If no run is active, remove the lock file.',
  'input.tooLarge': '{path} is {size} MB; the limit is {limit} MB. Raise it with --max-input-mb if this is intended.',
  'input.tooManyRows':
    '{path} has {rows} rows; the limit is {limit}. Raise it with --max-rows if this is intended, or split the list.',
  'search.initials':
    'Warning: initials in the name ({words}): the service looks for whole words, so a person named by initials can come back with no hits. Search the full name, or add --ipn or --doc.',
  'search.badCheckDigit':
    'Warning: the code {code} fails its check digit, so it was most likely mistyped; a search by a wrong code finds no one, or someone else. Check it against the client’s documents.',
  'search.mixedScripts':
    'Note: Latin and Cyrillic letters are mixed in {words}: each word was screened in its own alphabet. Correct the client’s record at its source.',
  'search.getWarning':
    'Warning: --get puts the token in the URL, where proxies and server logs may keep it. Use the default POST form unless the service requires GET.',
  'config.groupReadable':
    'Warning: {path} can be read by other users of this computer (mode {mode}) and may hold the token. Run: chmod 600 {path}',
  'exit.hint.accountSearch':
    'Stopped: the account cannot make more requests. Fix it (or ask the operator), then search again.',
  'wait.service': 'waiting for the service (attempt {attempt} of {of}, next address {next})',
  'args.output.folder': 'Cannot write into the folder of "{path}": it does not exist or is not writable.',
  'args.certificates.folder':
    'Cannot write certificates into "{path}": the folder cannot be made there or is not writable.',
  'args.output.holdsDecisions':
    'The results file "{path}" holds {count} {count|decision|decisions} made in its hits sheet, which writing over it would lose. Re-screen with --previous {path} and another -o to carry them forward, or choose another -o.',
  'args.output.holdsDecisionsCsv':
    'The hits file "{hits}" of the results "{path}" holds {count} {count|decision|decisions}, which writing over it would lose. Re-screen with --previous {path} and another -o to carry them forward, or choose another -o.',
  'config.notFile': 'The config file {path} is not a file.',
  'config.unreadable': 'Cannot read the config file {path}.',
  'config.json': 'The config file {path} is not a JSON object.',
  'config.unknownKey': 'Ignoring unknown key "{key}" in {path}.',
  'config.badValue': 'Bad value for {key} in {path}.',
  'config.worldReadable':
    'Warning: {path} can be read by every user of this computer and may hold the token. Run: chmod 600 {path}',
  'config.missingCredentials':
    'A service address is set, but {missing} is not. Set it, or unset CHECKLISTS_URL to use the sandbox.',
  'config.reserveWithoutPrimary': 'Reserve addresses are set without a primary address: set CHECKLISTS_URL too.',
  'config.partialKey':
    'The token looks like an analyst key of the relay, but not a whole one (ckr_, 12 letters or digits, _, then at least 32 characters): copy the whole key your administrator gave you.',
  'sandbox.notice':
    '{label}: no service address is configured, so answers come from the built-in sandbox. Set CHECKLISTS_URL to use the live service.',
  'sandbox.registryErrors':
    'Bad --registry-errors entry "{value}": use registry keys, optionally with a code (peps,edr:9004).',
  'sandbox.listen': 'Cannot listen on {host}:{port}: {reason}',
  'sandbox.listening': 'CheckLists sandbox (fictional data) is listening on {url}',
  'sandbox.use': 'Point the add-in or the command line at it, for example:',
  'sandbox.listeningReserve': 'Reserve {n} is listening on {url}',
  'sandbox.faults': 'Faults: {faults}',
  'sandbox.data': 'Fictional data: {count} records (seed {seed}); known subjects: docs/sandbox.md',
  'sandbox.stop': 'Press Ctrl-C to stop.',
  'search.status.ok': 'ok',
  'search.status.muted': '{count} muted by the relay',
  'search.status.error': 'error',
  'search.status.malformed': 'partly unreadable',
  'search.status.absent': 'not in the answer',
  'search.servedBy': 'Answered by {address} ({method}, {ms} ms)',
  'search.requestId': 'Request {id}, {date}',
  'search.relayKept':
    'From the relay’s cache: the service gave this answer at {time}, to an earlier search (perhaps a colleague’s); --fresh asks it again (one paid request)',
  'search.verdict': 'Result: {verdict} — {hits} {hits|hit|hits}, best match {best}',
  'search.col.registry': 'Registry',
  'search.col.hits': 'Hits',
  'search.col.best': 'Best %',
  'search.col.level': 'Level',
  'search.col.status': 'Status',
  'search.more': '… and {count} more',
  'search.why': 'why: {why}',
  'search.onRecord': 'on record at the relay: {decision}',
  'search.certificate': 'Certificate written: {file}',
  'decisions.unreadable': 'Cannot read the decisions file {path}.',
  'decisions.notRelay':
    "The address did not take the decisions (HTTP {status}): {option} needs the organisation's relay as CHECKLISTS_URL and your analyst key as CHECKLISTS_TOKKEN.",
  'decisions.imported':
    'Decisions sent to the relay: {sent}; recorded {recorded}, waiting for approval {pending}, already recorded {unchanged}, refused {refused}.',
  'decisions.refusedLine': '  line {line}: {reason}',
  'screen.certificates':
    'Certificates: {files} {files|file|files} (the cover and one per subject) in {dir}, {seconds} s',
  'search.muted':
    "Muted by the relay's accept list: {count} {count|hit|hits} cleared earlier (every decision on this subject: {command})",
  'search.changed': 'Decided earlier, but the record changed since: {count} {count|hit|hits} to decide again',
  'search.problems': 'Note: {count} {count|part|parts} of the answer could not be read; see --json.',
  'input.notFound': 'No such file: {path}',
  'input.notFoundNear': 'No such file: {path}. Did you mean {near}?',
  'input.unreadable': 'Cannot read {path}.',
  'input.isFolder': '{path} is a folder, not a file: name the .xlsx or .csv list to screen.',
  'input.denied': 'Cannot read {path}: permission denied. Ask for read access, or copy the file where you may read it.',
  'input.xlsxUnreadable': '{path} is not a readable .xlsx workbook.',
  'previous.notXlsx':
    '--previous {path}: give the results of an earlier run, .xlsx (decisions in its hits sheet) or .csv (decisions in the .hits.csv beside it).',
  'previous.noHitsCsv':
    '--previous {path}: its hits file {hits} is not there. A run written to .csv keeps its hits, and the decisions made on them, in NAME.hits.csv beside NAME.csv: give that run, or its hits file.',
  'input.csvUnreadable': '{path} is not a readable CSV file.',
  'input.noSheets': '{path} has no worksheets.',
  'input.noSuchSheet': 'No sheet "{sheet}". Sheets: {sheets}',
  'input.format': 'Cannot screen {path}: use an .xlsx workbook or a .csv file.',
  'input.sheetForCsv': '--sheet applies to .xlsx workbooks only.',
  'input.empty': '{path} has no rows to screen (a header row and at least one row are needed).',
  'progress.line':
    '{done}/{total} {total|row|rows} ({percent}%), with hits {hits}, failed {failed}, invalid {invalid}, {time}',
  'screen.done':
    'Done: {written} of {total} {total|row|rows} ({subjects} distinct {subjects|subject|subjects}, {requests} {requests|request|requests} this time) in {seconds} s.',
  'screen.stopped':
    'Stopped: {written} of {total} {total|row|rows} written ({requests} {requests|request|requests} this time) in {seconds} s.',
  'screen.counts': 'Rows with hits: {hits} (high: {high}); failed: {failed}; invalid input: {invalid}.',
  'screen.counts.empty':
    'Rows with hits: {hits} (high: {high}); failed: {failed}; invalid input: {invalid}; empty rows: {empty} (nothing to screen).',
  'screen.hidden': 'Hidden rows left out (--shown-only): {hidden}.',
  'screen.relayCache':
    'Of these requests, answered by the relay from answers it keeps (asked within its cache hours), with no paid request: {count}.',
  'screen.file': 'Written: {path}',
  'screen.resumeHint': 'The answers so far are kept in {state}: run the same command with --resume to continue.',
  'screen.allUnreachable':
    'No request was answered: the service could not be reached. Check the network and the addresses, then run again.',
  'screen.resume.nothing': 'Nothing to resume for this output: starting a new run.',
  'screen.resume.modeChanged':
    'The stopped run used "{was}", now it is "{now}": a resume would mix answers. Run without --resume to start anew.',
  'screen.resume.optionsIgnored':
    'Resuming with the registries and search options of the original run; the ones given now are ignored.',
  'screen.previous.hiddenLeftOut':
    'The earlier run left its hidden rows out; this one screens every row, the {count} hidden now too. Give --shown-only to leave them out again.',
  'screen.resume.hiddenLeftOut':
    'Resuming as the run began: the rows it found hidden stay left out, with --shown-only or without.',
  'screen.resume.hiddenScreened':
    'Resuming as the run began: every row is screened, hidden ones too; --shown-only cannot change a run under way.',
  'screen.resume.from': 'Resuming: {written} of {total} {total|row|rows} were already done.',
  'screen.resume.discarded':
    'An unfinished earlier run ({state}) is replaced by this new one; use --resume to continue a stopped run instead.',
  'error.prefix': 'Error',
  'error.unexpected': 'Unexpected error: {message}',
  'error.outputWrite': '{path} was not written: {reason}. Free some space (or name another folder) and run it again.',
  'error.stalled': 'Internal error: the command stopped before it finished, and nothing it was writing was completed.',
  'exit.hint.account':
    'Stopped: the account cannot make more requests. Fix it, then run the same command with --resume.',
  'exit.hint.unreachable':
    'The service could not be reached. Check the network and CHECKLISTS_URL / CHECKLISTS_RESERVE_URLS.',
  'exit.hint.interrupted': 'Interrupted.',
  'address.insecureWarning':
    'Warning: {address} is plain http to another computer (--insecure-http): the token and every query cross the network unencrypted.',
} as const;

type Key = keyof typeof en;

const uk: Record<Key, string> = {
  'args.lang': 'Невідома мова «{value}»: вкажіть uk або en.',
  'args.integer': '{name} має бути цілим числом від {min} до {max}; отримано «{value}».',
  'args.rate': '{name} має бути числом від 0 до 1; отримано «{value}».',
  'args.invalid': 'Хибний командний рядок: {detail}',
  'args.didYouMean':
    'Невідомий параметр {option}. Можливо, ви мали на увазі {near}? Довідка: checklists {command} --help',
  'args.unknownOption': 'Невідомий параметр {option}. Довідка: checklists {command} --help',
  'args.needsValue': 'Параметру {option} потрібне значення після нього: {option} ЗНАЧЕННЯ.',
  'args.takesNoValue': 'Параметр {option} пишеться без значення.',
  'args.unknownCommandNear': 'Невідома команда «{value}». Можливо, «{near}»? Довідка: checklists --help',
  'args.unexpected': 'Зайвий аргумент: {value}',
  'args.approveId':
    'Вкажіть кожне рішення для погодження його номером, як його показує checklists approve (12 або #12); отримано «{value}».',
  'args.returnUsage': "Повертайте одне рішення й кажіть чому: checklists approve --return 12 --comment 'що перевірити'",
  'args.certificateNo':
    'Вкажіть запити їхніми № у журналі релея, як їх показує останній стовпець результатів: checklists certificate 4127 [4130 ...] [-o ФАЙЛ.pdf]',
  'args.certificateMany':
    'Не більше ніж {limit} довідок в одному файлі: вкажіть менше номерів, а решту запитайте окремо.',
  'args.oneFormat': 'Оберіть одне: --csv або --json.',
  'args.archiveId':
    'Вкажіть одну архівну відповідь її номером в архіві релея, як його показує довідка: checklists archive 9 [-o ФАЙЛ.json]',
  'args.certificateFrom':
    'Рядки попередніх результатів указуйте так: checklists certificate --from ФАЙЛ [--rows 5,17,20-25]',
  'args.screen.noInput': 'Вкажіть файл для перевірки: checklists screen <clients.xlsx | clients.csv>',
  'args.saveDecisions.previous':
    '--save-decisions записує рішення з попередніх результатів: вкажіть їх параметром --previous ФАЙЛ.',
  'args.progress': 'Невідоме значення --progress «{value}»: auto, bar, lines або none.',
  'args.unknownCommand': 'Невідома команда «{value}». Команди: {commands}. Довідка: checklists --help',
  'args.output.format': 'Файл результатів має закінчуватися на .xlsx або .csv; отримано «{path}».',
  'args.output.sameAs': 'Файл {which} {output} — це вхідний файл {input}: його буде перезаписано. Оберіть інший -o.',
  'args.output.notWritable':
    'Не вдається записати {path}: {reason}. Закрийте його в інших програмах або оберіть інший -o; нічого ще не надіслано.',
  'args.output.isFolder': '{path} — це тека, а не файл: оберіть інший -o; нічого ще не надіслано.',
  'output.writeFailed':
    'Не вдалося записати {path} ({reason}). Усі відповіді ({answers}) збережено в {state}: коли файл звільниться (закрийте його в Excel), запустіть ту саму команду з --resume — їх буде записано без повторних запитів до сервісу.',
  'file.symlink':
    '{path} — символічне посилання: за ним не переходимо (його міг створити інший користувач). Видаліть його або оберіть інший -o.',
  'file.notFile': '{path} не є звичайним файлом: видаліть його або оберіть інший -o.',
  'file.foreign':
    '{path} належить іншому користувачеві або його можуть змінювати інші (права {mode}): не використовуємо. Видаліть його або оберіть інший -o.',
  'stateKey.readable': 'Ключ стану {path} можуть читати інші користувачі (права {mode}): виконайте chmod 600 {path}.',
  'stateKey.bad':
    'Ключ стану {path} пошкоджено: видаліть його (зупинені перевірки, підписані ним, тоді не вдасться продовжити).',
  'state.tampered':
    'Файл стану {path} змінено поза CheckLists: рядок {line} не має дійсного підпису. Йому не довіряємо; видаліть його й перевірте заново без --resume.',
  'state.vanished': 'Файл стану {path} зник під час перевірки.',
  'state.serviceChanged':
    'Зупинена перевірка зверталася до {was}; зараз налаштовано {now}. Продовжувати можна лише з тією самою адресою сервісу та IDsubjectFM, інакше звіт змішає два сервіси: поверніть їх або перевірте заново без --resume.',
  'state.incomplete':
    'У файлі стану {written} {written|рядок позначено записаним|рядки позначено записаними|рядків позначено записаними}, але відповідей для {missing} їхніх суб’єктів бракує: їх буде запитано знову.',
  'lock.busy':
    'Інша перевірка CheckLists уже записує {output}: процес {pid} на {host}, розпочато {since} (блокування {lock}). Дочекайтеся її завершення або оберіть інший -o.',
  'lock.unknown':
    'Можливо, інша перевірка CheckLists записує {output} (блокування {lock} не читається). Якщо жодна перевірка не триває, видаліть файл блокування.',
  'input.tooLarge':
    '{path} має {size} МБ; обмеження — {limit} МБ. Якщо так і задумано, збільште його параметром --max-input-mb.',
  'input.tooManyRows':
    'У {path} {rows} рядків; обмеження — {limit}. Якщо так і задумано, збільште його параметром --max-rows або розділіть список.',
  'search.initials':
    'Увага: ініціали в імені ({words}): сервіс шукає цілі слова, тож особа, названа ініціалами, може повернутися без збігів. Шукайте за повним ім’ям або додайте --ipn чи --doc.',
  'search.badCheckDigit':
    'Увага: код {code} не проходить перевірку контрольної цифри, тож його, найімовірніше, введено з помилкою; за хибним кодом не знайдеться ніхто або знайдеться інша особа. Звірте його з документами клієнта.',
  'search.mixedScripts':
    'Примітка: у {words} латинські й кириличні літери впереміш: кожне слово перевірено його власною абеткою. Виправте запис клієнта в джерелі.',
  'search.getWarning':
    'Увага: --get передає токен в адресі запиту, де його можуть зберегти проксі та журнали сервера. Використовуйте типовий POST, якщо сервіс не вимагає GET.',
  'config.groupReadable':
    'Увага: {path} можуть читати інші користувачі комп’ютера (права {mode}), а в ньому може бути токен. Виконайте: chmod 600 {path}',
  'exit.hint.accountSearch':
    'Зупинено: обліковий запис не може робити запитів. Усуньте причину (або зверніться до оператора) і повторіть пошук.',
  'wait.service': 'очікуємо на сервіс (спроба {attempt} з {of}, наступна адреса {next})',
  'args.output.folder': 'Не вдається записати в теку файлу «{path}»: її немає або запис до неї заборонено.',
  'args.certificates.folder':
    'Не вдається записати довідки в «{path}»: там неможливо створити теку або запис до неї заборонено.',
  'args.output.holdsDecisions':
    'Файл результатів «{path}» містить рішення, ухвалені на аркуші збігів ({count}), і перезапис їх знищив би. Перевірте повторно з --previous {path} та іншим -o, щоб перенести їх, або виберіть інший -o.',
  'args.output.holdsDecisionsCsv':
    'Файл збігів «{hits}» результатів «{path}» містить рішення ({count}), і перезапис їх знищив би. Перевірте повторно з --previous {path} та іншим -o, щоб перенести їх, або виберіть інший -o.',
  'config.notFile': 'Файл налаштувань {path} не є файлом.',
  'config.unreadable': 'Не вдається прочитати файл налаштувань {path}.',
  'config.json': 'Файл налаштувань {path} не є об’єктом JSON.',
  'config.unknownKey': 'Невідомий ключ «{key}» у {path} пропущено.',
  'config.badValue': 'Хибне значення {key} у {path}.',
  'config.worldReadable':
    'Увага: {path} можуть прочитати всі користувачі комп’ютера, а в ньому може бути токен. Виконайте: chmod 600 {path}',
  'config.missingCredentials':
    'Адресу сервісу задано, а {missing} — ні. Задайте, або приберіть CHECKLISTS_URL, щоб працювати з пісочницею.',
  'config.reserveWithoutPrimary': 'Резервні адреси задано без основної: задайте також CHECKLISTS_URL.',
  'config.partialKey':
    'Токен схожий на ключ аналітика для релея, але неповний (ckr_, 12 літер чи цифр, _, далі щонайменше 32 символи): скопіюйте весь ключ, який видав адміністратор.',
  'sandbox.notice':
    '{label}: адресу сервісу не задано, тож відповіді дає вбудована пісочниця. Задайте CHECKLISTS_URL для робочого сервісу.',
  'sandbox.registryErrors':
    'Хибний запис --registry-errors «{value}»: ключі реєстрів, за бажання з кодом (peps,edr:9004).',
  'sandbox.listen': 'Не вдається слухати {host}:{port}: {reason}',
  'sandbox.listening': 'Пісочниця CheckLists (вигадані дані) слухає {url}',
  'sandbox.use': 'Спрямуйте на неї надбудову або командний рядок, наприклад:',
  'sandbox.listeningReserve': 'Резервна {n} слухає {url}',
  'sandbox.faults': 'Збої: {faults}',
  'sandbox.data': "Вигадані дані: {count} записів (seed {seed}); відомі суб'єкти: docs/sandbox.md",
  'sandbox.stop': 'Ctrl-C — зупинити.',
  'search.status.ok': 'гаразд',
  'search.status.muted': 'приглушено релеєм: {count}',
  'search.status.error': 'помилка',
  'search.status.malformed': 'частково не прочитано',
  'search.status.absent': 'немає у відповіді',
  'search.servedBy': 'Відповів {address} ({method}, {ms} мс)',
  'search.requestId': 'Запит {id}, {date}',
  'search.relayKept':
    'З кешу релея: сервіс дав цю відповідь о {time} на попередній пошук (можливо, колеги); --fresh запитає знову (один платний запит)',
  'search.verdict': 'Результат: {verdict} — збігів: {hits}, найкращий збіг {best}',
  'search.col.registry': 'Реєстр',
  'search.col.hits': 'Збіги',
  'search.col.best': 'Найкр. %',
  'search.col.level': 'Рівень',
  'search.col.status': 'Стан',
  'search.more': '… і ще {count}',
  'search.why': 'чому: {why}',
  'search.onRecord': 'записано на релеї: {decision}',
  'search.certificate': 'Довідку записано: {file}',
  'decisions.unreadable': 'Не вдалося прочитати файл рішень {path}.',
  'decisions.notRelay':
    'Адреса не прийняла рішення (HTTP {status}): {option} потребує релея організації як CHECKLISTS_URL і вашого ключа аналітика як CHECKLISTS_TOKKEN.',
  'decisions.imported':
    'Рішень надіслано на релей: {sent}; записано {recorded}, чекають на погодження {pending}, уже були записані {unchanged}, відхилено {refused}.',
  'decisions.refusedLine': '  рядок {line}: {reason}',
  'screen.certificates':
    'Довідки: {files} {files|файл|файли|файлів} (титульний аркуш і по одному на суб’єкт) у {dir}, {seconds} с',
  'search.muted':
    'Приглушено за рішеннями на релеї: {count} {count|збіг, знятий|збіги, зняті|збігів, знятих} раніше (усі рішення щодо суб’єкта: {command})',
  'search.changed': 'Рішення було, але запис відтоді змінився: {count} {count|збіг|збіги|збігів} вирішити знову',
  'search.problems': 'Увага: {count} {count|частину|частини|частин} відповіді не вдалося прочитати; див. --json.',
  'input.notFound': 'Файлу немає: {path}',
  'input.notFoundNear': 'Файлу немає: {path}. Можливо, ви мали на увазі {near}?',
  'input.unreadable': 'Не вдається прочитати {path}.',
  'input.isFolder': '{path} — це тека, а не файл: назвіть список .xlsx або .csv для перевірки.',
  'input.denied':
    'Не вдається прочитати {path}: немає дозволу. Попросіть доступ на читання або скопіюйте файл туди, де його можна читати.',
  'input.xlsxUnreadable': '{path} не є придатною до читання книгою .xlsx.',
  'previous.notXlsx':
    '--previous {path}: вкажіть результати попередньої перевірки: .xlsx (рішення на аркуші збігів) або .csv (рішення у файлі .hits.csv поруч).',
  'previous.noHitsCsv':
    '--previous {path}: файлу збігів {hits} немає. Перевірка, записана в .csv, тримає збіги й рішення щодо них у НАЗВА.hits.csv поруч із НАЗВА.csv: укажіть ту перевірку або її файл збігів.',
  'input.csvUnreadable': '{path} не є придатним до читання файлом CSV.',
  'input.noSheets': 'У {path} немає аркушів.',
  'input.noSuchSheet': 'Аркуша «{sheet}» немає. Аркуші: {sheets}',
  'input.format': 'Не вдається перевірити {path}: потрібна книга .xlsx або файл .csv.',
  'input.sheetForCsv': '--sheet стосується лише книг .xlsx.',
  'input.empty': 'У {path} немає рядків для перевірки (потрібні рядок заголовків і хоча б один рядок).',
  'progress.line':
    '{done}/{total} {total|рядка|рядків|рядків} ({percent}%), зі збігами {hits}, з помилкою {failed}, некоректних {invalid}, {time}',
  'screen.done':
    'Готово: {written} з {total} {total|рядка|рядків|рядків} (різних суб’єктів: {subjects}, запитів цього разу: {requests}) за {seconds} с.',
  'screen.stopped':
    'Зупинено: записано {written} з {total} {total|рядка|рядків|рядків} (запитів цього разу: {requests}) за {seconds} с.',
  'screen.counts': 'Рядків зі збігами: {hits} (високий рівень: {high}); з помилкою: {failed}; некоректних: {invalid}.',
  'screen.counts.empty':
    'Рядків зі збігами: {hits} (високий рівень: {high}); з помилкою: {failed}; некоректних: {invalid}; порожніх: {empty} (перевіряти нічого).',
  'screen.hidden': 'Пропущено прихованих рядків (--shown-only): {hidden}.',
  'screen.relayCache':
    'З цих запитів релей відповів зі збережених відповідей (запитаних у межах його часу кешу), без платного запиту: {count}.',
  'screen.file': 'Записано: {path}',
  'screen.resumeHint': 'Отримані відповіді збережено в {state}: запустіть ту саму команду з --resume, щоб продовжити.',
  'screen.allUnreachable':
    'Жоден запит не отримав відповіді: сервіс недоступний. Перевірте мережу й адреси та запустіть знову.',
  'screen.resume.nothing': 'Для цього файлу результатів нічого продовжувати: починаємо нову перевірку.',
  'screen.resume.modeChanged':
    'Зупинена перевірка працювала з «{was}», а зараз — «{now}»: продовження змішало б відповіді. Запустіть без --resume, щоб почати заново.',
  'screen.resume.optionsIgnored':
    'Продовжуємо з реєстрами й параметрами пошуку початкової перевірки; задані зараз пропущено.',
  'screen.previous.hiddenLeftOut':
    'Попередня перевірка пропустила приховані рядки, а ця перевіряє всі, і приховані зараз ({count}). Щоб знову їх пропустити, додайте --shown-only.',
  'screen.resume.hiddenLeftOut':
    'Продовжуємо так, як перевірку почато: приховані тоді рядки й далі пропускаються, з --shown-only чи без.',
  'screen.resume.hiddenScreened':
    'Продовжуємо так, як перевірку почато: перевіряються всі рядки, приховані теж; --shown-only не змінює розпочату перевірку.',
  'screen.resume.from': 'Продовжуємо: {written} з {total} {total|рядка|рядків|рядків} уже готові.',
  'screen.resume.discarded':
    'Незавершену попередню перевірку ({state}) замінено новою; щоб продовжити зупинену, додайте --resume.',
  'error.prefix': 'Помилка',
  'error.unexpected': 'Неочікувана помилка: {message}',
  'error.outputWrite': '{path} не записано: {reason}. Звільніть місце (або вкажіть іншу теку) і запустіть знову.',
  'error.stalled':
    'Внутрішня помилка: команда зупинилася, не завершившись, і нічого з того, що вона записувала, не завершено.',
  'exit.hint.account':
    'Зупинено: обліковий запис не може робити запитів. Усуньте причину й запустіть ту саму команду з --resume.',
  'exit.hint.unreachable': 'Сервіс недоступний. Перевірте мережу та CHECKLISTS_URL / CHECKLISTS_RESERVE_URLS.',
  'exit.hint.interrupted': 'Перервано.',
  'address.insecureWarning':
    'Увага: {address} — http без шифрування до іншого комп’ютера (--insecure-http): токен і кожен запит ідуть мережею незашифрованими.',
};

export const cliMessages = defineCatalogue<Key>(en, uk);
export type CliMessageKey = Key;

/** A usage error (exit code 2) in the command line's words. */
export function usageError(key: CliMessageKey, params?: Record<string, string | number>): UsageError {
  return new UsageError(cliMessages.text(key, params));
}
