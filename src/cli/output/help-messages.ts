import { defineCatalogue } from '../../core/text/i18n';

/** `checklists help [topic]` and `--help`: the command line's usage texts, in English and Ukrainian. */

const en = {
  'help.main':
    'checklists — screen people and companies against the CheckLists registries\n\n' +
    'Commands:\n' +
    '  checklists search --name "…" [--date YYYY-MM-DD] [--ipn …] [--doc …] [--registries peps,psanctions|<listdata>] [--json] [--certificate F.pdf]\n' +
    '  checklists screen <clients.xlsx|clients.csv> [-o results.xlsx|results.csv] [--sheet NAME] [--resume]\n' +
    '  checklists history --name "…" [--date …]   the decisions the organisation\'s relay holds on a subject\n' +
    '  checklists approve [ID ...]   four-eyes: what waits for approval, or approve it\n' +
    "  checklists certificate NO [NO ...] | --from results.xlsx [--rows 5,17]   earlier requests' certificates in one PDF\n" +
    '  checklists archive ID [-o FILE.json]   an archived answer, byte for byte, checked against its SHA-256\n' +
    "  checklists decisions [--since DATE] [--json] [-o FILE]   the relay's whole decision record (an auditor key)\n" +
    "  checklists audit [--from DATE] [--to DATE] [--name …] [--csv] [-o FILE]   the relay's audit trail (yours, or all with an auditor key)\n" +
    '  checklists sandbox [--port 8443] [--quota N] [--fail-rate 0.2] [--latency MS] [--down]\n' +
    "  checklists relay [--port N] [--data-dir DIR | --database-url URL] …  the organisation's relay (checklists relay --help, docs/relay.md)\n\n" +
    'Settings come from CHECKLISTS_URL, CHECKLISTS_RESERVE_URLS, CHECKLISTS_TOKKEN, CHECKLISTS_SUBJECT_ID,\n' +
    'CHECKLISTS_USER_PC or a JSON file given with --config. Without an address it uses the built-in sandbox\n' +
    '(fictional data). Language: --lang uk|en (default from LANG).\n' +
    'Addresses are https://; plain http:// only to this computer, elsewhere only with --insecure-http (warned).\n\n' +
    'Exit codes: 0 done (nothing new to review), 10 done with new or changed hits, or a confirmed one gone, to review (--previous), 2 bad input file or options, 3 account or quota error (resumable), 4 service unreachable, 1 unexpected.\n' +
    'More: checklists <command> --help, docs/cli.md',
  'help.search':
    'checklists search --name "ПІБ або назва" [options]\n\n' +
    '  -n, --name TEXT          person or company name (a bare argument works too)\n' +
    '      --namelat TEXT       name in Latin script (default: transliterated)\n' +
    '  -d, --date DATE          birth date, YYYY-MM-DD or DD.MM.YYYY\n' +
    '      --ipn CODE           tax number (10 digits) or company code (8 digits)\n' +
    '      --doc TEXT           passport "АА 123456", ID card number or foreign passport\n' +
    '      --doctype 0|1|2      0 any, 1 national passport/ID card, 2 foreign passport\n' +
    '  -r, --registries LIST    registry keys or list names (peps,psanctions) or a listdata number; default all\n' +
    '      --search 1|2         1 full text (default), 2 tolerant of spelling errors\n' +
    '      --lowranklimit N     lowest name-match percent to return\n' +
    '      --get                use the GET form (the token then travels in the URL)\n' +
    '      --json               print the parsed answer as JSON\n' +
    '      --fresh              through the relay: ask the service again, not the relay’s shared cache\n' +
    '      --certificate F.pdf  also write a screening certificate (PDF) of this search',
  'help.screen':
    'checklists screen <input.xlsx|input.csv> [options]\n\n' +
    '  -o, --output FILE        results .xlsx or .csv (default: <input>.results.xlsx)\n' +
    '      --sheet NAME         sheet to read (default: the first)\n' +
    '      --shown-only         leave out the rows a filter (or hand) hides in the workbook; each is marked\n' +
    '                           "not screened" in the results, asked nothing\n' +
    '  -r, --registries LIST    registry keys, list names or a listdata number; default all\n' +
    '  -c, --concurrency N      requests at a time, 1–16\n' +
    '      --search 1|2, --lowranklimit N   as in search\n' +
    '      --resume             continue a run that stopped (account/quota error, Ctrl-C, crash)\n' +
    '      --previous FILE      re-screen: carry the decisions of an earlier run (.xlsx, or .csv with its .hits.csv) forward,\n' +
    '                           mark hits New/Changed/Same, list Gone ones; exit 10 when any are new or changed,\n' +
    '                           or a confirmed one is gone\n' +
    '      --give-up SECONDS    how long one request may wait for the service over all addresses and retries (default 60)\n' +
    '      --max-rows N         refuse inputs with more rows (default 200000)\n' +
    '      --max-input-mb N     refuse larger input files (default 50)\n' +
    '      --certificates DIR   write the cover and one screening certificate (PDF) per subject into DIR\n' +
    '      --certificates-with-hits  certificates only for subjects with hits\n' +
    '      --decisions FILE     through the relay: record these decisions (its export format) before the run\n' +
    '      --save-decisions     through the relay, with --previous: record the decisions made in its hits sheet\n' +
    '                           under your key before the run\n' +
    '      --progress MODE      auto, bar, lines or none\n\n' +
    'Exit codes: 0 done, 1 unexpected, 2 bad input or options (also: another run holds the output),\n' +
    '3 account/quota, 4 service unreachable, 5 results file could not be written (answers kept: --resume),\n' +
    '10 re-screen done with new or changed hits, or a confirmed one gone, to review, 130 interrupted',
  'help.history':
    'checklists history --name "ПІБ або назва" [options] — the decisions the organisation\'s relay holds on one subject\n' +
    '(through the relay only: CHECKLISTS_URL = the relay, CHECKLISTS_TOKKEN = your analyst key). Reads the record: no\n' +
    'request reaches the service, so it costs no quota.\n\n' +
    '  -n, --name TEXT          person or company name, as screened (a bare argument works too)\n' +
    '      --namelat TEXT       name in Latin script\n' +
    '  -d, --date DATE          birth date, YYYY-MM-DD or DD.MM.YYYY\n' +
    '      --ipn CODE           tax number or company code\n' +
    '      --doc TEXT, --doctype 0|1|2   document, as screened\n' +
    "      --json               print the relay's answer (current and history) as JSON",
  'help.approve':
    "checklists approve [ID ...] — four-eyes through the organisation's relay (approving needs the approver role)\n\n" +
    '  checklists approve            the decisions waiting for a second person, oldest first, each with its number\n' +
    "                                (an analyst's key: its own, and those returned to it for review)\n" +
    '  checklists approve 12 15      approve those decisions (not your own), each recorded under your key\n' +
    '  checklists approve --return 12 --comment "ask for the passport"   send one back for review, saying why\n' +
    '      --json               print the lists as JSON: {"pending": [...], "returned": [...]}\n\n' +
    'Exit codes: 0 all approved or returned (or the list shown), 2 one or more refused (each says why), 3 key refused',
  'help.certificate':
    'checklists certificate NO [NO...] [-o FILE.pdf] — the screening certificate of an earlier request, from the\n' +
    "organisation's relay (CHECKLISTS_URL = the relay, CHECKLISTS_TOKKEN = your analyst key). NO is the request's relay\n" +
    'audit no., the last column of a results file screened through the relay. The relay makes the PDF from its archived\n' +
    "answer (with the answer's SHA-256): no request reaches the service. Yours, or any with an auditor's key. Up to 100\n" +
    'numbers make one file (an inspector sample), a page listing them first.\n\n' +
    '  -o, --output FILE        where to write it (default checklists-certificate-NO.pdf;\n' +
    '                           for several, checklists-certificates-FIRST-LAST.pdf)\n' +
    "      --from FILE          instead of numbers: an earlier results file (.xlsx or .csv, the add-in's or\n" +
    "                           checklists screen's); the numbers beside its rows\n" +
    "      --rows 5,17,20-25    with --from: only these rows, by the file's Row column (default all)\n\n" +
    'Exit codes: 0 written, 2 not yours or nothing to certify, 3 key refused, 4 relay unreachable',
  'help.archive':
    "checklists archive ID [-o FILE.json] — an archived answer from the organisation's relay, byte for byte as the\n" +
    'service sent it (CHECKLISTS_URL = the relay, CHECKLISTS_TOKKEN = your key). ID is the "Relay archive id" a\n' +
    "certificate shows. The command checks the bytes against the SHA-256 the relay recorded (the certificate's\n" +
    '"Answer SHA-256") before writing them, owner-only. Your own requests\' answers, or any with an auditor\'s key;\n' +
    'no request reaches the service.\n\n' +
    '  -o, --output FILE        where to write it (default checklists-answer-ID.json)\n\n' +
    "Exit codes: 0 written, 1 the bytes do not match the relay's SHA-256 (nothing written), 2 not yours or no such\n" +
    'answer, 3 key refused, 4 relay unreachable',
  'help.decisions':
    "checklists decisions [options] — the organisation's relay's whole decision record, for an auditor key\n" +
    '(CHECKLISTS_URL = the relay, CHECKLISTS_TOKKEN = your auditor key): every decision, approval and return, with\n' +
    'its author, time, reason, comment and "why". The same rows as checklists relay decisions export on the relay\'s\n' +
    'host; checklists screen --decisions FILE records such a file on another relay. No request reaches the service.\n\n' +
    '      --since DATE         only what was recorded from then on: YYYY-MM-DD or DD.MM.YYYY, or YYYY-MM-DDThh:mm; Kyiv time\n' +
    '      --csv, --json        CSV with a header line (the default; UTF-8 with a BOM, for Excel), or one JSON object per line\n' +
    '  -o, --output FILE        write it to FILE (owner-only, named only once whole) rather than to stdout;\n' +
    '                           a FILE named .xlsx is the inspector’s workbook: a line per decision in words\n\n' +
    'Exit codes: 0 written (an empty record says so on stderr), 2 not an auditor key or a bad date, 3 key refused,\n' +
    '4 relay unreachable or the export cut off part way',
  'help.audit':
    "checklists audit [options] — the organisation's relay's audit trail (CHECKLISTS_URL = the relay, CHECKLISTS_TOKKEN\n" +
    "= your key): every request with an auditor's key, your own with an analyst's. One line per request, with when,\n" +
    'who, what was asked, the verdict, hits per registry and the relay audit no. (for checklists certificate). The same\n' +
    "rows as checklists relay audit on the relay's host; no request reaches the service, so it costs no quota.\n\n" +
    '      --from DATE, --to DATE   a period: YYYY-MM-DD or DD.MM.YYYY (a whole day), or YYYY-MM-DDThh:mm; Kyiv time\n' +
    "      --analyst NAME       one analyst, named exactly as the relay knows them (an auditor's key)\n" +
    '  -n, --name TEXT          one client: part of the name as screened, any case or spacing, or of its transliteration\n' +
    '      --code CODE          one client: a tax number, EDRPOU or document number, whole\n' +
    '      --csv                CSV with a header line (UTF-8 with a BOM, for Excel); default one JSON object per line\n' +
    '  -o, --output FILE        write it to FILE (owner-only, named only once whole) rather than to stdout;\n' +
    '                           a FILE named .xlsx is the inspector’s workbook: a line per request in words, Kyiv time\n\n' +
    'Exit codes: 0 written (an empty export says so on stderr), 2 another analyst asked for or a bad date, 3 key refused,\n' +
    '4 relay unreachable or the export cut off part way (what was written is incomplete)',
  'help.sandbox':
    'checklists sandbox [options] — run the CheckLists emulator on this computer (fictional data)\n' +
    '(npm run sandbox -- [options] is the same command)\n\n' +
    '  -p, --port N             port (default 8443; 0 picks a free one)\n' +
    '      --host ADDRESS       address to listen on (default 127.0.0.1)\n' +
    '      --reserves N         also start N reserves on the next ports (same data and quota), 0–9\n' +
    '      --reserve-faults     the reserves get the faults too (by default they are healthy)\n' +
    '      --seed N             seed of the generated data\n' +
    '      --data-revision N    the registers N months later (docs/sandbox.md), for trying re-screens\n' +
    'Faults (all off by default):\n' +
    '      --quota N            answer error 11 (quota used up) after N requests\n' +
    '      --latency MS         delay every answer\n' +
    '      --jitter MS          plus a random delay up to MS\n' +
    '      --fail-rate R        share of requests answered with HTTP 500, 502 or 503 (0–1)\n' +
    '      --drop-rate R        share of connections closed without an answer (0–1)\n' +
    '      --html-rate R        share answered with status 200 and an HTML maintenance page (0–1)\n' +
    '      --down               answer every request with HTTP 503\n' +
    '      --registry-errors K  registries that answer an error string: peps,edr:9004 (code 9000 by default)\n' +
    '      --fault-seed N       seed of the fault sequence (the same seed, the same faults)\n' +
    '      --quiet              no request log\n' +
    '      --lang uk|en         language of these messages',
  'help.relay':
    "checklists relay [options] — the organisation's relay: the add-in and /api from one address, the tokken held here,\n" +
    'each analyst known by key, an audit trail in PostgreSQL (embedded, or yours by URL). More: docs/relay.md\n\n' +
    'Upstream: CHECKLISTS_URL, CHECKLISTS_RESERVE_URLS, CHECKLISTS_SUBJECT_ID and the tokken (CHECKLISTS_TOKKEN,\n' +
    '--tokken-file F or --config FILE), as for the command line.\n\n' +
    '      --port N             listening port (default 8443)\n' +
    '      --host H             listening address (default 0.0.0.0; 127.0.0.1 with --trust-proxy)\n' +
    "      --data-dir DIR       the embedded store's folder (default: checklists-relay in the user's data folder)\n" +
    '      --database-url URL   an external PostgreSQL instead (or DATABASE_URL)\n' +
    '      --spool-dir DIR      where audit rows and answers are made durable first (by URL: a disk that outlives the process)\n' +
    '      --public-url URL     the address /manifest.xml names (default: the address each request came to)\n' +
    '      --cert F --key F     serve HTTPS\n' +
    '      --trust-proxy        behind a reverse proxy that terminates TLS: believe X-Forwarded-Proto/Host\n' +
    '      --dist DIR           the built add-in (default: dist/ beside the command line)\n' +
    '      --tokken-file F      read the tokken from F (chmod 600), or CHECKLISTS_TOKKEN_FILE\n' +
    '      --insecure-http      allow a plain http:// upstream beyond this computer (warned)\n' +
    '      --concurrency N      requests on the wire to the service at once, all analysts (default 8)\n' +
    '      --rate-per-minute N  per-analyst requests in any 60 s (default 600; 0 no limit)\n' +
    '      --daily-budget N     requests to the service per day, Kyiv time (default 0: none)\n' +
    '      --cache-hours N      how long an answer serves everybody (default 24)\n' +
    '      --cooldown-seconds N pause after an account or quota error (default 600)\n' +
    '      --four-eyes LIST     registries where a decision needs an approver: peps,psanctions\n' +
    '      --entra-issuer URL --entra-audience ID --entra-jwks URL   accept Microsoft Entra ID tokens (all three)\n' +
    "      --instance NAME      this process's name in audit rows and logs (default: random)\n" +
    '      --lang uk|en         language of these messages\n\n' +
    'On the same store (while the relay runs, too):\n' +
    '  checklists relay keys add|list|revoke|rotate [NAME] [--role analyst|approver|auditor|admin]\n' +
    '  checklists relay audit [--from DATE] [--to DATE] [--analyst NAME] [--name TEXT] [--code CODE] [--csv] [--out FILE]\n' +
    '  checklists relay verify\n' +
    '  checklists relay archive prune [--archive-years N]\n' +
    '  checklists relay decisions export [--csv | --json] [--since DATE] [--out FILE]\n' +
    '  checklists relay backup [--out FILE] | restore FILE\n' +
    'each with --data-dir DIR or --database-url URL.',
} as const;

type Key = keyof typeof en;

const uk: Record<Key, string> = {
  'help.main':
    'checklists — перевірка осіб і компаній за реєстрами CheckLists\n\n' +
    'Команди:\n' +
    '  checklists search --name "…" [--date РРРР-ММ-ДД] [--ipn …] [--doc …] [--registries peps,psanctions|<listdata>] [--json] [--certificate F.pdf]\n' +
    '  checklists screen <clients.xlsx|clients.csv> [-o results.xlsx|results.csv] [--sheet АРКУШ] [--resume]\n' +
    '  checklists history --name "…" [--date …]   рішення, які релей організації зберігає щодо суб’єкта\n' +
    '  checklists approve [НОМЕР ...]   чотири ока: що чекає на погодження, або погодити\n' +
    '  checklists certificate № [№ ...] | --from результати.xlsx [--rows 5,17]   довідки про попередні запити одним PDF\n' +
    '  checklists archive № [-o ФАЙЛ.json]   архівна відповідь байт у байт, звірена з її SHA-256\n' +
    '  checklists decisions [--since ДАТА] [--json] [-o ФАЙЛ]   увесь реєстр рішень релея (ключ аудитора)\n' +
    '  checklists audit [--from ДАТА] [--to ДАТА] [--name …] [--csv] [-o ФАЙЛ]   журнал аудиту релея (ваші запити або всі з ключем аудитора)\n' +
    '  checklists sandbox [--port 8443] [--quota N] [--fail-rate 0.2] [--latency МС] [--down]\n' +
    '  checklists relay [--port N] [--data-dir ТЕКА | --database-url URL] …  релей організації (checklists relay --help, docs/relay.md)\n\n' +
    'Налаштування: CHECKLISTS_URL, CHECKLISTS_RESERVE_URLS, CHECKLISTS_TOKKEN, CHECKLISTS_SUBJECT_ID,\n' +
    'CHECKLISTS_USER_PC або файл JSON через --config. Без адреси працює вбудована пісочниця\n' +
    '(вигадані дані). Мова: --lang uk|en (типово з LANG).\n' +
    'Адреси — https://; http:// лише до цього комп’ютера, до інших — тільки з --insecure-http (з попередженням).\n\n' +
    'Коди виходу: 0 готово (нового для перегляду немає), 10 готово, є нові чи змінені збіги або зник підтверджений (--previous), 2 хибний вхідний файл чи параметри, 3 помилка облікового запису чи квоти (можна продовжити), 4 сервіс недоступний, 1 неочікувана помилка.\n' +
    'Докладніше: checklists <команда> --help, docs/cli.md',
  'help.search':
    'checklists search --name "ПІБ або назва" [параметри]\n\n' +
    '  -n, --name ТЕКСТ         ПІБ особи або назва компанії (можна й без --name)\n' +
    '      --namelat ТЕКСТ      латиницею (типово — транслітерація)\n' +
    '  -d, --date ДАТА          дата народження, РРРР-ММ-ДД або ДД.ММ.РРРР\n' +
    '      --ipn КОД            РНОКПП (10 цифр) або ЄДРПОУ (8 цифр)\n' +
    '      --doc ТЕКСТ          паспорт «АА 123456», номер ID-картки або закордонний паспорт\n' +
    '      --doctype 0|1|2      0 будь-який, 1 паспорт громадянина/ID-картка, 2 закордонний\n' +
    '  -r, --registries СПИСОК  ключі реєстрів або назви списків (peps,psanctions) чи число listdata; типово всі\n' +
    '      --search 1|2         1 повнотекстовий (типово), 2 з виправленням помилок\n' +
    '      --lowranklimit N     найменший відсоток збігу імені\n' +
    '      --get                форма GET (токен тоді йде в URL)\n' +
    '      --json               вивести розібрану відповідь як JSON\n' +
    '      --fresh              через релей: запитати сервіс знову, а не спільний кеш релея\n' +
    '      --certificate Ф.pdf  також записати довідку про перевірку (PDF)',
  'help.screen':
    'checklists screen <вхід.xlsx|вхід.csv> [параметри]\n\n' +
    '  -o, --output ФАЙЛ        результати .xlsx або .csv (типово <вхід>.results.xlsx)\n' +
    '      --sheet АРКУШ        аркуш для читання (типово перший)\n' +
    '      --shown-only         пропустити рядки, приховані у книзі фільтром (або вручну); кожен позначено\n' +
    '                           «не перевірено» в результатах, без запиту\n' +
    '  -r, --registries СПИСОК  ключі реєстрів, назви списків або число listdata; типово всі\n' +
    '  -c, --concurrency N      одночасних запитів, 1–16\n' +
    '      --search 1|2, --lowranklimit N   як у search\n' +
    '      --resume             продовжити зупинений запуск (помилка облікового запису/квоти, Ctrl-C, збій)\n' +
    '      --previous ФАЙЛ      повторна перевірка: перенести рішення попередньої перевірки (.xlsx або .csv з його .hits.csv),\n' +
    '                           позначити збіги Новий/Змінено/Без змін, перелічити зниклі; код 10, якщо є нові чи змінені\n' +
    '                           або зник підтверджений\n' +
    '      --give-up СЕКУНДИ    скільки один запит може чекати на сервіс з усіма адресами й повторами (типово 60)\n' +
    '      --max-rows N         відмовляти у вхідних даних з більшою кількістю рядків (типово 200000)\n' +
    '      --max-input-mb N     відмовляти у більших вхідних файлах (типово 50)\n' +
    '      --certificates ТЕКА  записати в ТЕКУ титульний аркуш і довідку (PDF) на кожного суб’єкта\n' +
    '      --certificates-with-hits  довідки лише для суб’єктів зі збігами\n' +
    '      --decisions ФАЙЛ     через релей: записати ці рішення (у форматі його експорту) перед перевіркою\n' +
    '      --save-decisions     через релей, з --previous: записати рішення з його аркуша збігів\n' +
    '                           під вашим ключем перед перевіркою\n' +
    '      --progress РЕЖИМ     auto, bar, lines або none\n\n' +
    'Коди виходу: 0 готово, 1 неочікувана помилка, 2 хибні дані чи параметри (також: інший запуск пише цей файл),\n' +
    '3 обліковий запис/квота, 4 сервіс недоступний, 5 файл результатів не записано (відповіді збережено: --resume),\n' +
    '10 повторну перевірку завершено, є нові чи змінені збіги або зник підтверджений, 130 перервано',
  'help.history':
    'checklists history --name "ПІБ або назва" [параметри] — рішення, які релей організації зберігає щодо одного суб’єкта\n' +
    '(лише через релей: CHECKLISTS_URL — релей, CHECKLISTS_TOKKEN — ваш ключ аналітика). Лише читає записи: до сервісу\n' +
    'запит не йде, тож квота не витрачається.\n\n' +
    '  -n, --name ТЕКСТ         ПІБ або назва, як перевіряли (можна й без --name)\n' +
    '      --namelat ТЕКСТ      ім’я латиницею\n' +
    '  -d, --date ДАТА          дата народження, РРРР-ММ-ДД або ДД.ММ.РРРР\n' +
    '      --ipn КОД            РНОКПП або код ЄДРПОУ\n' +
    '      --doc ТЕКСТ, --doctype 0|1|2   документ, як перевіряли\n' +
    '      --json               вивести відповідь релея (чинні та історія) як JSON',
  'help.approve':
    'checklists approve [НОМЕР ...] — принцип чотирьох очей через релей організації (погоджує роль затверджувача)\n\n' +
    '  checklists approve            рішення, що чекають на другу особу, від найдавнішого, кожне зі своїм номером\n' +
    '                                (ключ аналітика: власні та повернуті йому на перевірку)\n' +
    '  checklists approve 12 15      погодити ці рішення (не власні), кожне записано під вашим ключем\n' +
    '  checklists approve --return 12 --comment "попросіть паспорт"   повернути одне на перевірку, сказавши чому\n' +
    '      --json               вивести переліки як JSON: {"pending": [...], "returned": [...]}\n\n' +
    'Коди виходу: 0 усі погоджено чи повернуто (або перелік показано), 2 одне чи більше відхилено (кожне — з причиною), 3 ключ відхилено',
  'help.certificate':
    'checklists certificate № [№...] [-o ФАЙЛ.pdf] — довідка про перевірку за попереднім запитом, з релея\n' +
    'організації (CHECKLISTS_URL — адреса релея, CHECKLISTS_TOKKEN — ваш ключ аналітика). № — номер запиту в журналі\n' +
    'релея, останній стовпець результатів перевірки через релей. Релей складає PDF з архівної відповіді (з її SHA-256):\n' +
    'до сервісу не йде жоден запит. Ваші запити або будь-які з ключем аудитора. До 100 номерів — один файл\n' +
    '(вибірка для перевіряльника), спершу сторінка з їхнім переліком.\n\n' +
    '  -o, --output ФАЙЛ        куди записати (типово checklists-certificate-№.pdf;\n' +
    '                           для кількох — checklists-certificates-ПЕРШИЙ-ОСТАННІЙ.pdf)\n' +
    '      --from ФАЙЛ          замість номерів: попередні результати (.xlsx або .csv, надбудови чи\n' +
    '                           checklists screen); номери біля їхніх рядків\n' +
    '      --rows 5,17,20-25    разом із --from: лише ці рядки, за стовпцем «Рядок» файлу (типово всі)\n\n' +
    'Коди виходу: 0 записано, 2 не ваш запит або нема що засвідчити, 3 ключ відхилено, 4 релей недоступний',
  'help.archive':
    'checklists archive № [-o ФАЙЛ.json] — архівна відповідь з релея організації, байт у байт як її надіслав\n' +
    'сервіс (CHECKLISTS_URL — адреса релея, CHECKLISTS_TOKKEN — ваш ключ). № — «Номер в архіві релея» з довідки.\n' +
    'Перед записом команда звіряє байти з SHA-256, який записав релей («SHA-256 відповіді» у довідці), і пише файл,\n' +
    'доступний лише власникові. Відповіді на ваші запити або будь-які з ключем аудитора; до сервісу не йде жоден запит.\n\n' +
    '  -o, --output ФАЙЛ        куди записати (типово checklists-answer-№.json)\n\n' +
    'Коди виходу: 0 записано, 1 байти не збігаються з SHA-256 релея (нічого не записано), 2 не ваша або немає такої\n' +
    'відповіді, 3 ключ відхилено, 4 релей недоступний',
  'help.decisions':
    'checklists decisions [параметри] — увесь реєстр рішень релея організації, для ключа аудитора (CHECKLISTS_URL —\n' +
    'адреса релея, CHECKLISTS_TOKKEN — ваш ключ аудитора): кожне рішення, погодження й повернення з автором, часом,\n' +
    'причиною, коментарем і поясненням. Ті самі рядки, що й checklists relay decisions export на сервері релея;\n' +
    'checklists screen --decisions ФАЙЛ записує такий файл на іншому релеї. До сервісу не йде жоден запит.\n\n' +
    '      --since ДАТА         лише записане відтоді: РРРР-ММ-ДД або ДД.ММ.РРРР, чи РРРР-ММ-ДДTгг:хх; час київський\n' +
    '      --csv, --json        CSV з рядком заголовків (типово; UTF-8 з BOM, для Excel) або JSON-об’єкт на рядок\n' +
    '  -o, --output ФАЙЛ        записати у ФАЙЛ (лише для власника, під цією назвою лише цілим), а не в stdout;\n' +
    '                           ФАЙЛ із назвою .xlsx — книга для перевіряльника: рядок на рішення словами\n\n' +
    'Коди виходу: 0 записано (про порожній реєстр сказано в stderr), 2 ключ не аудитора або хибна дата,\n' +
    '3 ключ відхилено, 4 релей недоступний або вивантаження обірвалося',
  'help.audit':
    'checklists audit [параметри] — журнал аудиту релея організації (CHECKLISTS_URL — адреса релея, CHECKLISTS_TOKKEN —\n' +
    'ваш ключ): усі запити з ключем аудитора, ваші власні з ключем аналітика. Рядок на кожен запит — коли, хто, що\n' +
    'запитано, висновок, збіги за реєстрами і № у журналі релея (для checklists certificate). Ті самі рядки, що й\n' +
    'checklists relay audit на сервері релея; до сервісу не йде жоден запит, тож квота не витрачається.\n\n' +
    '      --from ДАТА, --to ДАТА   період: РРРР-ММ-ДД або ДД.ММ.РРРР (цілий день) чи РРРР-ММ-ДДTгг:хх; час київський\n' +
    '      --analyst ІМ’Я       один аналітик, ім’я точно як його знає релей (ключ аудитора)\n' +
    '  -n, --name ТЕКСТ         один клієнт: частина імені, як його перевіряли, чи його транслітерації, будь-який регістр\n' +
    '      --code КОД           один клієнт: РНОКПП, ЄДРПОУ чи номер документа, повністю\n' +
    '      --csv                CSV з рядком заголовків (UTF-8 з BOM, для Excel); типово — JSON-об’єкт на рядок\n' +
    '  -o, --output ФАЙЛ        записати у ФАЙЛ (лише для власника, під цією назвою лише цілим), а не в stdout;\n' +
    '                           ФАЙЛ із назвою .xlsx — книга для перевіряльника: рядок на запит словами, час за Києвом\n\n' +
    'Коди виходу: 0 записано (про порожній результат сказано в stderr), 2 запитано іншого аналітика або хибна дата,\n' +
    '3 ключ відхилено, 4 релей недоступний або вивантаження обірвалося (записане неповне)',
  'help.sandbox':
    'checklists sandbox [параметри] — емулятор CheckLists на цьому комп’ютері (вигадані дані)\n' +
    '(npm run sandbox -- [параметри] — та сама команда)\n\n' +
    '  -p, --port N             порт (типово 8443; 0 — будь-який вільний)\n' +
    '      --host АДРЕСА        адреса для прослуховування (типово 127.0.0.1)\n' +
    '      --reserves N         ще N резервних на наступних портах (ті самі дані й квота), 0–9\n' +
    '      --reserve-faults     збої й на резервних (типово вони справні)\n' +
    '      --seed N             зерно згенерованих даних\n' +
    '      --data-revision N    реєстри через N місяців (docs/sandbox.md), щоб спробувати повторну перевірку\n' +
    'Збої (типово всі вимкнені):\n' +
    '      --quota N            після N запитів відповідати помилкою 11 (квоту вичерпано)\n' +
    '      --latency МС         затримка кожної відповіді\n' +
    '      --jitter МС          і ще випадкова затримка до МС\n' +
    '      --fail-rate R        частка запитів з відповіддю HTTP 500, 502 чи 503 (0–1)\n' +
    '      --drop-rate R        частка з’єднань, закритих без відповіді (0–1)\n' +
    '      --html-rate R        частка відповідей зі статусом 200 і HTML-сторінкою техробіт (0–1)\n' +
    '      --down               відповідати HTTP 503 на всі запити\n' +
    '      --registry-errors K  реєстри, що відповідають рядком помилки: peps,edr:9004 (типово код 9000)\n' +
    '      --fault-seed N       зерно послідовності збоїв (те саме зерно — ті самі збої)\n' +
    '      --quiet              без журналу запитів\n' +
    '      --lang uk|en         мова цих повідомлень',
  'help.relay':
    'checklists relay [параметри] — релей організації: надбудова й /api з однієї адреси, токен зберігається тут,\n' +
    'кожен аналітик відомий за ключем, журнал аудиту в PostgreSQL (вбудованій або вашій за URL). Докладніше: docs/relay.md\n\n' +
    'Сервіс: CHECKLISTS_URL, CHECKLISTS_RESERVE_URLS, CHECKLISTS_SUBJECT_ID і токен (CHECKLISTS_TOKKEN,\n' +
    '--tokken-file Ф або --config ФАЙЛ), як для командного рядка.\n\n' +
    '      --port N             порт (типово 8443)\n' +
    '      --host H             адреса прослуховування (типово 0.0.0.0; 127.0.0.1 з --trust-proxy)\n' +
    '      --data-dir ТЕКА      тека вбудованого сховища (типово checklists-relay у теці даних користувача)\n' +
    '      --database-url URL   натомість зовнішня PostgreSQL (або DATABASE_URL)\n' +
    '      --spool-dir ТЕКА     де рядки аудиту й відповіді спершу стають надійними (за URL: диск, що переживає процес)\n' +
    '      --public-url URL     адреса, яку називає /manifest.xml (типово: адреса, на яку прийшов запит)\n' +
    '      --cert Ф --key Ф     працювати через HTTPS\n' +
    '      --trust-proxy        за зворотним проксі, що завершує TLS: вірити X-Forwarded-Proto/Host\n' +
    '      --dist ТЕКА          зібрана надбудова (типово dist/ поруч із командним рядком)\n' +
    '      --tokken-file Ф      прочитати токен із Ф (chmod 600), або CHECKLISTS_TOKKEN_FILE\n' +
    '      --insecure-http      дозволити сервіс за http:// поза цим комп’ютером (з попередженням)\n' +
    '      --concurrency N      одночасних запитів до сервісу, усі аналітики разом (типово 8)\n' +
    '      --rate-per-minute N  запитів одного аналітика за будь-які 60 с (типово 600; 0 без обмеження)\n' +
    '      --daily-budget N     запитів до сервісу за київську добу (типово 0: без обмеження)\n' +
    '      --cache-hours N      скільки годин відповідь служить усім (типово 24)\n' +
    '      --cooldown-seconds N пауза після помилки облікового запису чи квоти (типово 600)\n' +
    '      --four-eyes СПИСОК   реєстри, де рішення потребує затверджувача: peps,psanctions\n' +
    '      --entra-issuer URL --entra-audience ID --entra-jwks URL   приймати токени Microsoft Entra ID (усі три)\n' +
    '      --instance ІМ’Я      назва цього процесу в рядках аудиту й журналі (типово випадкова)\n' +
    '      --lang uk|en         мова цих повідомлень\n\n' +
    'На тому самому сховищі (і поки релей працює):\n' +
    '  checklists relay keys add|list|revoke|rotate [ІМ’Я] [--role analyst|approver|auditor|admin]\n' +
    '  checklists relay audit [--from ДАТА] [--to ДАТА] [--analyst ІМ’Я] [--name ТЕКСТ] [--code КОД] [--csv] [--out ФАЙЛ]\n' +
    '  checklists relay verify\n' +
    '  checklists relay archive prune [--archive-years N]\n' +
    '  checklists relay decisions export [--csv | --json] [--since ДАТА] [--out ФАЙЛ]\n' +
    '  checklists relay backup [--out ФАЙЛ] | restore ФАЙЛ\n' +
    'кожна з --data-dir ТЕКА або --database-url URL.',
};

export const helpMessages = defineCatalogue<Key>(en, uk);
export type HelpTopicKey = Key;
