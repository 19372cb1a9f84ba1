// i18n: every string the page shows, in Japanese and English.
// Elements carry data-i18n="key" (textContent), data-i18n-aria="key" (aria-label),
// data-i18n-title="key" (title) and data-i18n-ph="key" (placeholder); applyI18n() fills them.
// Japanese follows the words of the article (shared/reference/glossary-ja.md).

const dict = {
  ja: {
    'app.title': 'kubeplay — Kubernetes の中身が見えるプレイグラウンド',
    'app.tagline': 'kubectl apply から Pod 起動までのバケツリレー',
    'loader.title': 'クラスタを準備しています',
    'loader.download': 'ダウンロード中',
    'loader.start': 'クラスタを起動しています',
    'ctl.play': '再生',
    'ctl.pause': '一時停止',
    'ctl.step': 'ステップ',
    'ctl.step.aria': '次のイベントを 1 つだけ進める',
    'ctl.speed': '速度',
    'ctl.clock': '仮想時刻',
    'ctl.reset': 'リセット',
    'ctl.reset.aria': 'クラスタを最初の状態に戻す',
    'ctl.scenario': 'シナリオ',
    'ctl.share': '共有リンク',
    'ctl.share.soon': '共有リンクは準備中です',
    'ctl.lang.aria': '表示言語を英語に切り替える',
    'ctl.theme': 'テーマ',
    'ctl.theme.toDark': 'ダークテーマに切り替える',
    'ctl.theme.toLight': 'ライトテーマに切り替える',
    'scenario.nginx': 'nginx Deployment',
    'editor.title': 'マニフェスト',
    'editor.apply': '適用 (apply)',
    'editor.apply.aria': 'kubectl apply -f で適用する (Ctrl+Enter)',
    'editor.applying': '適用中…',
    'editor.addFile': 'ファイルを追加',
    'editor.rename': '名前を変更',
    'editor.close': '閉じる',
    'editor.renamePrompt': '新しいファイル名',
    'editor.closeConfirm': 'このファイルを閉じますか？内容は失われます。',
    'editor.output': 'kubectl の出力',
    'editor.outputEmpty': '「適用」を押すと kubectl apply -f の出力がここに表示されます。',
    'editor.hint': 'Ctrl+Enter で適用、Ctrl+F で検索',
    'editor.files': 'ファイル',
    'banner.quota': 'ブラウザの保存領域がいっぱいのため、編集内容を自動保存できませんでした。',
    'banner.dismiss': '閉じる',
    'banner.error': 'エラーが発生しました',
    'diagram.title': 'パイプライン',
    'diagram.aria': 'kubectl → kube-apiserver → etcd → watch するコンポーネントの図。コンポーネントを選ぶとイベントをその発行元で絞り込みます。',
    'diagram.entry': '唯一の入口',
    'diagram.truth': '唯一の真実',
    'diagram.revision': 'revision',
    'diagram.watch': 'watch 通知(非同期)',
    'diagram.authn': '認証',
    'diagram.authz': '認可',
    'diagram.admission': 'admission',
    'diagram.validation': '検証',
    'diagram.ctrl': 'Deployment / ReplicaSet コントローラー',
    'diagram.sched': 'filtering → scoring → バインディング',
    'diagram.kubelet': 'イメージの pull、コンテナ起動',
    'diagram.kubeletGroup': 'kubelet ×{n}',
    'diagram.filtered': '絞り込み中: {c}',
    'diagram.clearFilter': '絞り込みを解除',
    'tab.events': 'イベント',
    'tab.terminal': 'ターミナル',
    'tab.cluster': 'クラスタ',
    'tab.etcd': 'etcd',
    'tab.explain': 'スケジューラの判断',
    'tabs.aria': '表示の切り替え',
    'events.filter.component': '発行元',
    'events.filter.type': '種類',
    'events.filter.object': 'オブジェクト',
    'events.filter.objectPh': '例: pod/nginx',
    'events.all': 'すべて',
    'events.type.k8s': 'Kubernetes イベント',
    'events.type.warning': 'Warning のみ',
    'events.type.request': 'リクエスト',
    'events.type.stage': '認証・認可・admission・検証',
    'events.type.write': 'etcd への書き込み',
    'events.type.watch': 'watch 通知',
    'events.type.action': 'コンポーネントの動作',
    'events.type.fault': 'ノード障害などの操作',
    'events.empty': 'まだ何も起きていません。左のマニフェストを「適用」してみましょう。',
    'events.count': '{n} 件',
    'events.follow': '最新を追う',
    'events.clear': 'クリア',
    'events.aria': 'イベントとパイプラインのトレース',
    'terminal.ph': 'kubectl get pods',
    'terminal.aria': 'コマンドを入力 (↑↓ で履歴、Tab で補完)',
    'terminal.hint': '↑↓ で履歴、Tab で補完。kubectl、sleep 10s、sim node down demo-worker、kubeplay explain pod NAME',
    'terminal.output': 'ターミナルの出力',
    'terminal.candidates': '候補: {list}',
    'cluster.nodes': 'ノード',
    'cluster.pending': 'Pending の Pod (nodeName が空)',
    'cluster.pendingEmpty': 'スケジュール待ちの Pod はありません',
    'cluster.components': 'コントロールプレーン',
    'cluster.running': '稼働中',
    'cluster.stopped': '停止中',
    'cluster.restart': '再起動',
    'cluster.kubeletStop': 'kubelet を止める',
    'cluster.kubeletStart': 'kubelet を起動',
    'cluster.kubeletRestart': 'kubelet を再起動',
    'cluster.cpu': 'CPU',
    'cluster.memory': 'メモリ',
    'cluster.pods': 'Pod 数',
    'cluster.noPods': 'Pod なし',
    'cluster.deployments': 'Deployment',
    'cluster.describe': 'kubectl describe',
    'cluster.selectPod': 'Pod を選ぶと describe とスケジューラの判断を表示します。',
    'cluster.taints': 'taint',
    'cluster.kubeletDown': 'kubelet 停止中',
    'etcd.keys': 'キー (/registry)',
    'etcd.value': '値',
    'etcd.log': 'revision の履歴',
    'etcd.watchers': 'watch しているコンポーネント',
    'etcd.revision': '現在の revision: {rev}',
    'etcd.compacted': 'compact 済み: {rev}',
    'etcd.create': '作成 rev',
    'etcd.mod': '更新 rev',
    'etcd.version': 'version',
    'etcd.selectKey': 'キーを選ぶと etcd に保存されている値を表示します。',
    'etcd.refresh': '更新',
    'etcd.component': 'コンポーネント',
    'etcd.resource': 'リソース',
    'etcd.namespace': 'namespace',
    'etcd.reached': '受け取った revision',
    'explain.pick': 'Pod',
    'explain.pickPh': 'Pod を選んでください',
    'explain.none': 'まだ Pod がありません。',
    'explain.node': 'ノード',
    'explain.filter': 'filtering',
    'explain.score': 'scoring',
    'explain.total': '合計',
    'explain.feasible': '通過',
    'explain.rejected': '除外',
    'explain.chosen': '選ばれたノード: {node}',
    'explain.intro': 'kube-scheduler は filtering で条件を満たさないノードを除外し、残ったノードを scoring で採点して最高点のノードにバインディングします。',
    'explain.raw': 'kubeplay explain の出力',
    'kind.request': 'リクエスト',
    'kind.stage': '段階',
    'kind.response': '応答',
    'kind.write': '書き込み',
    'kind.watch': 'watch',
    'kind.action': '動作',
    'kind.event': 'イベント',
    'kind.fault': '操作',
    'common.close': '閉じる',
    'common.error': 'エラー',
    'common.loading': '読み込み中…',
    'common.noData': 'データがありません',
  },
  en: {
    'app.title': 'kubeplay — a Kubernetes control plane you can watch',
    'app.tagline': 'the relay from kubectl apply to a running Pod',
    'loader.title': 'Preparing the cluster',
    'loader.download': 'Downloading',
    'loader.start': 'Starting the cluster',
    'ctl.play': 'Play',
    'ctl.pause': 'Pause',
    'ctl.step': 'Step',
    'ctl.step.aria': 'Run exactly one event',
    'ctl.speed': 'Speed',
    'ctl.clock': 'Virtual time',
    'ctl.reset': 'Reset',
    'ctl.reset.aria': 'Reset the cluster to its initial state',
    'ctl.scenario': 'Scenario',
    'ctl.share': 'Share link',
    'ctl.share.soon': 'Share links are coming soon',
    'ctl.lang.aria': 'Switch the language to Japanese',
    'ctl.theme': 'Theme',
    'ctl.theme.toDark': 'Switch to the dark theme',
    'ctl.theme.toLight': 'Switch to the light theme',
    'scenario.nginx': 'nginx Deployment',
    'editor.title': 'Manifests',
    'editor.apply': 'Apply',
    'editor.apply.aria': 'Apply with kubectl apply -f (Ctrl+Enter)',
    'editor.applying': 'Applying…',
    'editor.addFile': 'Add a file',
    'editor.rename': 'Rename',
    'editor.close': 'Close',
    'editor.renamePrompt': 'New file name',
    'editor.closeConfirm': 'Close this file? Its content will be lost.',
    'editor.output': 'kubectl output',
    'editor.outputEmpty': 'Press Apply: the output of kubectl apply -f appears here.',
    'editor.hint': 'Ctrl+Enter applies, Ctrl+F searches',
    'editor.files': 'Files',
    'banner.quota': 'The browser storage is full, so your edits could not be saved automatically.',
    'banner.dismiss': 'Dismiss',
    'banner.error': 'Something went wrong',
    'diagram.title': 'Pipeline',
    'diagram.aria': 'Diagram: kubectl → kube-apiserver → etcd → the components that watch. Choose a component to filter the events to it.',
    'diagram.entry': 'the single entry point',
    'diagram.truth': 'the single source of truth',
    'diagram.revision': 'revision',
    'diagram.watch': 'watch notifications (asynchronous)',
    'diagram.authn': 'authn',
    'diagram.authz': 'authz',
    'diagram.admission': 'admission',
    'diagram.validation': 'validation',
    'diagram.ctrl': 'Deployment / ReplicaSet controllers',
    'diagram.sched': 'filter → score → bind',
    'diagram.kubelet': 'pull the image, start the container',
    'diagram.kubeletGroup': 'kubelet ×{n}',
    'diagram.filtered': 'Filtered: {c}',
    'diagram.clearFilter': 'Clear the filter',
    'tab.events': 'Events',
    'tab.terminal': 'Terminal',
    'tab.cluster': 'Cluster',
    'tab.etcd': 'etcd',
    'tab.explain': 'Explain',
    'tabs.aria': 'Views',
    'events.filter.component': 'Component',
    'events.filter.type': 'Type',
    'events.filter.object': 'Object',
    'events.filter.objectPh': 'e.g. pod/nginx',
    'events.all': 'All',
    'events.type.k8s': 'Kubernetes Events',
    'events.type.warning': 'Warning only',
    'events.type.request': 'Requests',
    'events.type.stage': 'authn, authz, admission, validation',
    'events.type.write': 'etcd writes',
    'events.type.watch': 'Watch notifications',
    'events.type.action': 'Component actions',
    'events.type.fault': 'Faults and restarts',
    'events.empty': 'Nothing has happened yet. Apply the manifest on the left.',
    'events.count': '{n} rows',
    'events.follow': 'Follow',
    'events.clear': 'Clear',
    'events.aria': 'Events and the pipeline trace',
    'terminal.ph': 'kubectl get pods',
    'terminal.aria': 'Type a command (↑↓ history, Tab completes)',
    'terminal.hint': '↑↓ history, Tab completes. kubectl, sleep 10s, sim node down demo-worker, kubeplay explain pod NAME',
    'terminal.output': 'Terminal output',
    'terminal.candidates': 'Candidates: {list}',
    'cluster.nodes': 'Nodes',
    'cluster.pending': 'Pending Pods (no nodeName yet)',
    'cluster.pendingEmpty': 'No Pod is waiting to be scheduled',
    'cluster.components': 'Control plane',
    'cluster.running': 'running',
    'cluster.stopped': 'stopped',
    'cluster.restart': 'Restart',
    'cluster.kubeletStop': 'Stop kubelet',
    'cluster.kubeletStart': 'Start kubelet',
    'cluster.kubeletRestart': 'Restart kubelet',
    'cluster.cpu': 'CPU',
    'cluster.memory': 'Memory',
    'cluster.pods': 'Pods',
    'cluster.noPods': 'No Pods',
    'cluster.deployments': 'Deployments',
    'cluster.describe': 'kubectl describe',
    'cluster.selectPod': 'Choose a Pod to see its describe output and the scheduler\u2019s explanation.',
    'cluster.taints': 'taints',
    'cluster.kubeletDown': 'kubelet stopped',
    'etcd.keys': 'Keys (/registry)',
    'etcd.value': 'Value',
    'etcd.log': 'Revision log',
    'etcd.watchers': 'Watchers',
    'etcd.revision': 'Current revision: {rev}',
    'etcd.compacted': 'Compacted at: {rev}',
    'etcd.create': 'create rev',
    'etcd.mod': 'mod rev',
    'etcd.version': 'version',
    'etcd.selectKey': 'Choose a key to see the value stored in etcd.',
    'etcd.refresh': 'Refresh',
    'etcd.component': 'Component',
    'etcd.resource': 'Resource',
    'etcd.namespace': 'Namespace',
    'etcd.reached': 'Revision reached',
    'explain.pick': 'Pod',
    'explain.pickPh': 'Choose a Pod',
    'explain.none': 'There are no Pods yet.',
    'explain.node': 'Node',
    'explain.filter': 'Filter',
    'explain.score': 'Score',
    'explain.total': 'Total',
    'explain.feasible': 'passes',
    'explain.rejected': 'filtered out',
    'explain.chosen': 'Chosen node: {node}',
    'explain.intro': 'kube-scheduler filters out the nodes that cannot run the Pod, scores the rest, and binds the Pod to the best one.',
    'explain.raw': 'Output of kubeplay explain',
    'kind.request': 'request',
    'kind.stage': 'stage',
    'kind.response': 'response',
    'kind.write': 'write',
    'kind.watch': 'watch',
    'kind.action': 'action',
    'kind.event': 'event',
    'kind.fault': 'fault',
    'common.close': 'Close',
    'common.error': 'Error',
    'common.loading': 'Loading…',
    'common.noData': 'No data',
  },
};

// One-line explanations of Kubernetes Event reasons.
const reasons = {
  Scheduled: {
    en: 'The scheduler chose a node and wrote spec.nodeName through the binding subresource.',
    ja: 'スケジューラが filtering と scoring でノードを選び、binding サブリソース経由で spec.nodeName を書き込んだ(バインディング)。',
  },
  FailedScheduling: {
    en: 'No node passed the scheduler\u2019s filters; the Pod stays Pending until something changes.',
    ja: 'filtering を通過したノードがなく、Pod は Pending のまま。リソース不足や taint・アフィニティの不一致を疑う。',
  },
  Pulling: {
    en: 'The kubelet asked the container runtime, via CRI, to pull the image.',
    ja: 'kubelet が CRI 経由でコンテナランタイムにイメージの pull を指示した。',
  },
  Pulled: {
    en: 'The image is on the node (downloaded now, or already present).',
    ja: 'イメージがノード上にそろった(今 pull したか、すでにあった)。',
  },
  Created: {
    en: 'The container runtime created the container from the image.',
    ja: 'コンテナランタイムがイメージからコンテナを作成した。',
  },
  Started: {
    en: 'The container is running; the kubelet reports it back to the apiserver as status.',
    ja: 'コンテナが起動した。kubelet が実際の状態(status)として apiserver に書き戻す。',
  },
  Killing: {
    en: 'The kubelet is stopping the container (the Pod is being deleted or a probe failed).',
    ja: 'kubelet がコンテナを停止している(Pod の削除、またはプローブの失敗)。',
  },
  BackOff: {
    en: 'The container keeps failing; the kubelet waits longer before each restart (CrashLoopBackOff).',
    ja: 'コンテナが失敗を繰り返しており、kubelet は再起動の間隔を延ばしている(CrashLoopBackOff)。',
  },
  Failed: {
    en: 'The kubelet could not pull the image or start the container; check the image name and registry.',
    ja: 'イメージの pull かコンテナ起動に失敗した。イメージ名やレジストリ認証を確認する(kubelet 側の問題)。',
  },
  InspectFailed: {
    en: 'The image reference could not be parsed or inspected.',
    ja: 'イメージ名を解釈できなかった。',
  },
  ErrImageNeverPull: {
    en: 'imagePullPolicy is Never and the image is not on the node.',
    ja: 'imagePullPolicy が Never で、イメージがノード上にない。',
  },
  Unhealthy: {
    en: 'A liveness, readiness or startup probe failed.',
    ja: 'liveness / readiness / startup プローブが失敗した。',
  },
  ProbeWarning: {
    en: 'A probe succeeded but returned a warning.',
    ja: 'プローブは成功したが警告を返した。',
  },
  ScalingReplicaSet: {
    en: 'The Deployment controller changed a ReplicaSet\u2019s replicas to match the desired state.',
    ja: 'Deployment コントローラーが望ましい状態に合わせて ReplicaSet の replicas を変えた。',
  },
  SuccessfulCreate: {
    en: 'A controller created an object (the ReplicaSet controller creates Pods with an empty nodeName).',
    ja: 'コントローラーがオブジェクトを作成した(ReplicaSet コントローラーは nodeName が空の Pod を作る)。',
  },
  SuccessfulDelete: {
    en: 'A controller deleted an object to bring the count back to the desired number.',
    ja: 'コントローラーが数を望ましい状態に合わせるためにオブジェクトを削除した。',
  },
  FailedCreate: {
    en: 'A controller could not create an object (quota, admission or validation refused it).',
    ja: 'コントローラーがオブジェクトを作成できなかった(quota・admission・検証で拒否された)。',
  },
  FailedDelete: {
    en: 'A controller could not delete an object.',
    ja: 'コントローラーがオブジェクトを削除できなかった。',
  },
  NodeNotReady: {
    en: 'The node stopped reporting (its kubelet is silent); its Pods are marked not ready.',
    ja: 'ノードからの報告が途絶えた(kubelet が応答しない)。そのノードの Pod は not ready になる。',
  },
  NodeReady: {
    en: 'The kubelet reports the node Ready again.',
    ja: 'kubelet がノードを再び Ready と報告した。',
  },
  NodeHasSufficientMemory: {
    en: 'The kubelet reports no memory pressure on the node.',
    ja: 'kubelet がノードにメモリ不足がないと報告した。',
  },
  NodeHasNoDiskPressure: {
    en: 'The kubelet reports no disk pressure on the node.',
    ja: 'kubelet がノードにディスク不足がないと報告した。',
  },
  NodeHasSufficientPID: {
    en: 'The kubelet reports enough process IDs on the node.',
    ja: 'kubelet がノードのプロセス ID に余裕があると報告した。',
  },
  NodeAllocatableEnforced: {
    en: 'The kubelet applied the node\u2019s allocatable limits.',
    ja: 'kubelet がノードの allocatable の上限を適用した。',
  },
  Starting: {
    en: 'A component on the node is starting.',
    ja: 'ノード上のコンポーネントが起動している。',
  },
  RegisteredNode: {
    en: 'The node controller registered the node.',
    ja: 'ノードコントローラーがノードを登録した。',
  },
  RemovingNode: {
    en: 'The node controller is removing a node that no longer exists.',
    ja: 'ノードコントローラーが存在しなくなったノードを削除している。',
  },
  TaintManagerEviction: {
    en: 'The taint eviction controller is deleting a Pod that does not tolerate the node\u2019s NoExecute taint.',
    ja: 'ノードの NoExecute taint を許容しない Pod を taint eviction コントローラーが削除している。',
  },
  Preempted: {
    en: 'A higher-priority Pod needed the room, so the scheduler evicted this one.',
    ja: '優先度の高い Pod のために、スケジューラがこの Pod を退避させた(preemption)。',
  },
  Preempting: {
    en: 'The scheduler is evicting lower-priority Pods to make room.',
    ja: 'スケジューラが優先度の低い Pod を退避させて場所を空けている。',
  },
  Completed: {
    en: 'The Job finished: its Pods succeeded as many times as asked.',
    ja: 'Job が完了した(指定回数の Pod が成功した)。',
  },
  SuccessfulRescale: {
    en: 'The autoscaler changed the number of replicas.',
    ja: 'オートスケーラーが replicas 数を変えた。',
  },
  DeploymentRollback: {
    en: 'The Deployment was rolled back to an earlier revision.',
    ja: 'Deployment を以前のリビジョンに戻した。',
  },
  ProvisioningSucceeded: {
    en: 'The volume was provisioned.',
    ja: 'ボリュームが用意された。',
  },
  FailedMount: {
    en: 'The kubelet could not mount a volume for the Pod.',
    ja: 'kubelet が Pod のボリュームをマウントできなかった。',
  },
  FailedKillPod: {
    en: 'The kubelet could not stop the Pod\u2019s containers.',
    ja: 'kubelet が Pod のコンテナを停止できなかった。',
  },
  Evicted: {
    en: 'The kubelet evicted the Pod to reclaim node resources.',
    ja: 'kubelet がノードの資源を取り戻すために Pod を退避させた。',
  },
  SandboxChanged: {
    en: 'The Pod sandbox changed; the kubelet will kill and re-create it.',
    ja: 'Pod のサンドボックスが変わったため、kubelet が作り直す。',
  },
  NoPods: {
    en: 'No Pods match the selector.',
    ja: 'セレクターに一致する Pod がない。',
  },
  SuccessfulUpdate: {
    en: 'The object was updated.',
    ja: 'オブジェクトを更新した。',
  },
  FailedUpdate: {
    en: 'The object could not be updated.',
    ja: 'オブジェクトを更新できなかった。',
  },
};

const LANG_KEY = 'kubeplay.lang';
let lang = initialLang();
const listeners = [];

function initialLang() {
  try {
    const saved = localStorage.getItem(LANG_KEY);
    if (saved === 'ja' || saved === 'en') return saved;
  } catch (_) { /* storage may be unavailable */ }
  const nav = (typeof navigator !== 'undefined' && (navigator.languages?.[0] || navigator.language)) || 'en';
  return nav.toLowerCase().startsWith('ja') ? 'ja' : 'en';
}

export function getLang() { return lang; }

export function setLang(l) {
  if (l !== 'ja' && l !== 'en') return;
  lang = l;
  try { localStorage.setItem(LANG_KEY, l); } catch (_) { /* ignore */ }
  document.documentElement.lang = l;
  applyI18n(document);
  for (const f of listeners) f(l);
}

// onLang registers f to run after every language switch (views re-render their dynamic text).
export function onLang(f) { listeners.push(f); }

// t returns the string for key in the current language, with {name} placeholders filled from vars.
export function t(key, vars) {
  let s = dict[lang][key] ?? dict.en[key] ?? key;
  if (vars) s = s.replace(/\{(\w+)\}/g, (m, k) => (k in vars ? String(vars[k]) : m));
  return s;
}

export function hasKey(key) { return key in dict.en; }

// reasonText returns the one-line explanation of a Kubernetes Event reason, or "".
export function reasonText(reason) {
  const r = reasons[reason];
  return r ? r[lang] : '';
}

export function knownReasons() { return Object.keys(reasons); }

export function applyI18n(root) {
  for (const el of root.querySelectorAll('[data-i18n]')) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll('[data-i18n-aria]')) el.setAttribute('aria-label', t(el.dataset.i18nAria));
  for (const el of root.querySelectorAll('[data-i18n-title]')) el.title = t(el.dataset.i18nTitle);
  for (const el of root.querySelectorAll('[data-i18n-ph]')) el.placeholder = t(el.dataset.i18nPh);
}

// Exposed for tests: both dictionaries must have the same keys.
export const _dicts = dict;
export const _reasons = reasons;
