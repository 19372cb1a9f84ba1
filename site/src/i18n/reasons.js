// i18n/reasons.js: one-line explanations of Kubernetes Event reasons, in English and Japanese
// (i18n.js reasonText).

export const reasons = {
  Scheduled: {
    en: 'The scheduler chose a node and wrote spec.nodeName through the binding subresource.',
    ja: 'スケジューラが filtering と scoring でノードを選び、binding サブリソース経由で spec.nodeName を書き込みました(バインディング)。',
  },
  FailedScheduling: {
    en: 'No node passed the scheduler\u2019s filters; the Pod stays Pending until something changes.',
    ja: 'filtering を通過したノードがなく、Pod は Pending のままです。リソース不足や taint・アフィニティの不一致を疑います。',
  },
  Pulling: {
    en: 'The kubelet asked the container runtime, via CRI, to pull the image.',
    ja: 'kubelet が CRI 経由でコンテナランタイムにイメージの pull を指示しました。',
  },
  Pulled: {
    en: 'The image is on the node (downloaded now, or already present).',
    ja: 'イメージがノード上にそろいました(今 pull したか、すでにありました)。',
  },
  Created: {
    en: 'The container runtime created the container from the image.',
    ja: 'コンテナランタイムがイメージからコンテナを作成しました。',
  },
  Started: {
    en: 'The container is running; the kubelet reports it back to the apiserver as status.',
    ja: 'コンテナが起動しました。kubelet が実際の状態(status)として apiserver に書き戻します。',
  },
  Killing: {
    en: 'The kubelet is stopping the container (the Pod is being deleted or a probe failed).',
    ja: 'kubelet がコンテナを停止しています(Pod の削除、またはプローブの失敗)。',
  },
  BackOff: {
    en: 'The kubelet waits longer before each retry (back-off); the message says whether it retries a pull or a restart.',
    ja: 'kubelet は再試行のたびに間隔を延ばしています(back-off)。イメージの pull か、コンテナの再起動かはメッセージで分かります。',
  },
  Failed: {
    en: 'The kubelet could not pull the image or start the container; check the image name and registry.',
    ja: 'イメージの pull かコンテナ起動に失敗しました。イメージ名やレジストリ認証を確認します(kubelet 側の問題)。',
  },
  InspectFailed: {
    en: 'The image reference could not be parsed or inspected.',
    ja: 'イメージ名を解釈できませんでした。',
  },
  ErrImageNeverPull: {
    en: 'imagePullPolicy is Never and the image is not on the node.',
    ja: 'imagePullPolicy が Never で、イメージがノード上にありません。',
  },
  Unhealthy: {
    en: 'A liveness, readiness or startup probe failed.',
    ja: 'liveness / readiness / startup プローブが失敗しました。',
  },
  ProbeWarning: {
    en: 'A probe succeeded but returned a warning.',
    ja: 'プローブは成功しましたが、警告を返しました。',
  },
  ScalingReplicaSet: {
    en: 'The Deployment controller changed a ReplicaSet\u2019s replicas to match the desired state.',
    ja: 'Deployment コントローラーが望ましい状態に合わせて ReplicaSet の replicas を変えました。',
  },
  SuccessfulCreate: {
    en: 'A controller created an object (the ReplicaSet controller creates Pods with an empty nodeName).',
    ja: 'コントローラーがオブジェクトを作成しました(ReplicaSet コントローラーは nodeName が空の Pod を作ります)。',
  },
  SuccessfulDelete: {
    en: 'A controller deleted an object to bring the count back to the desired number.',
    ja: 'コントローラーが数を望ましい状態に合わせるためにオブジェクトを削除しました。',
  },
  FailedCreate: {
    en: 'A controller could not create an object (quota, admission or validation refused it).',
    ja: 'コントローラーがオブジェクトを作成できませんでした(quota・admission・検証で拒否されました)。',
  },
  FailedDelete: {
    en: 'A controller could not delete an object.',
    ja: 'コントローラーがオブジェクトを削除できませんでした。',
  },
  NodeNotReady: {
    en: 'The node stopped reporting (its kubelet is silent); its Pods are marked not ready.',
    ja: 'ノードからの報告が途絶えました(kubelet が応答しません)。そのノードの Pod は not ready になります。',
  },
  NodeReady: {
    en: 'The kubelet reports the node Ready again.',
    ja: 'kubelet がノードを再び Ready と報告しました。',
  },
  NodeHasSufficientMemory: {
    en: 'The kubelet reports no memory pressure on the node.',
    ja: 'kubelet がノードにメモリ不足がないと報告しました。',
  },
  NodeHasNoDiskPressure: {
    en: 'The kubelet reports no disk pressure on the node.',
    ja: 'kubelet がノードにディスク不足がないと報告しました。',
  },
  NodeHasSufficientPID: {
    en: 'The kubelet reports enough process IDs on the node.',
    ja: 'kubelet がノードのプロセス ID に余裕があると報告しました。',
  },
  NodeAllocatableEnforced: {
    en: 'The kubelet applied the node\u2019s allocatable limits.',
    ja: 'kubelet がノードの allocatable の上限を適用しました。',
  },
  Starting: {
    en: 'A component on the node is starting.',
    ja: 'ノード上のコンポーネントが起動しています。',
  },
  RegisteredNode: {
    en: 'The node controller registered the node.',
    ja: 'ノードコントローラーがノードを登録しました。',
  },
  RemovingNode: {
    en: 'The node controller is removing a node that no longer exists.',
    ja: 'ノードコントローラーが存在しなくなったノードを削除しています。',
  },
  TaintManagerEviction: {
    en: 'The taint eviction controller is deleting a Pod that does not tolerate the node\u2019s NoExecute taint.',
    ja: 'ノードの NoExecute taint を許容しない Pod を taint eviction コントローラーが削除しています。',
  },
  Preempted: {
    en: 'A higher-priority Pod needed the room, so the scheduler evicted this one.',
    ja: '優先度の高い Pod のために、スケジューラがこの Pod を退避させました(preemption)。',
  },
  Preempting: {
    en: 'The scheduler is evicting lower-priority Pods to make room.',
    ja: 'スケジューラが優先度の低い Pod を退避させて場所を空けています。',
  },
  Completed: {
    en: 'The Job finished: its Pods succeeded as many times as asked.',
    ja: 'Job が完了しました(指定回数の Pod が成功しました)。',
  },
  SuccessfulRescale: {
    en: 'The autoscaler changed the number of replicas.',
    ja: 'オートスケーラーが replicas 数を変えました。',
  },
  DeploymentRollback: {
    en: 'The Deployment was rolled back to an earlier revision.',
    ja: 'Deployment を以前のリビジョンに戻しました。',
  },
  ProvisioningSucceeded: {
    en: 'The volume was provisioned.',
    ja: 'ボリュームが用意されました。',
  },
  FailedMount: {
    en: 'The kubelet could not mount a volume for the Pod.',
    ja: 'kubelet が Pod のボリュームをマウントできませんでした。',
  },
  FailedKillPod: {
    en: 'The kubelet could not stop the Pod\u2019s containers.',
    ja: 'kubelet が Pod のコンテナを停止できませんでした。',
  },
  Evicted: {
    en: 'The kubelet evicted the Pod to reclaim node resources.',
    ja: 'kubelet がノードの資源を取り戻すために Pod を退避させました。',
  },
  SandboxChanged: {
    en: 'The Pod sandbox changed; the kubelet will kill and re-create it.',
    ja: 'Pod のサンドボックスが変わったため、kubelet が作り直します。',
  },
  NoPods: {
    en: 'No Pods match the selector.',
    ja: 'セレクターに一致する Pod がありません。',
  },
  SuccessfulUpdate: {
    en: 'The object was updated.',
    ja: 'オブジェクトを更新しました。',
  },
  FailedUpdate: {
    en: 'The object could not be updated.',
    ja: 'オブジェクトを更新できませんでした。',
  },
};

// Explanations chosen by the Event's message as well as its reason, as the kubelet writes them: its BackOff
// is an image pull's back-off ("Back-off pulling image …", the Pod waits in ImagePullBackOff) or a crashing
// container's ("Back-off restarting failed container …", CrashLoopBackOff); its Failed is the pull that
// failed ("Failed to pull image …") or the waiting state it leaves ("Error: ErrImagePull", "Error:
// ImagePullBackOff"). The first entry whose reason matches and whose prefix starts the message wins.
export const byMessage = [
  {
    reason: 'BackOff', prefix: 'Back-off pulling image',
    en: 'The image could not be pulled; the kubelet waits longer before each new pull (ImagePullBackOff). The scheduler\u2019s work is done: check the image name and the registry.',
    ja: 'イメージを pull できず、kubelet は次の pull までの間隔を延ばしています(ImagePullBackOff)。scheduler の仕事は終わっており、詰まっているのは対象ノードの kubelet 側です。イメージ名やレジストリ認証を確認します。',
  },
  {
    reason: 'BackOff', prefix: 'Back-off restarting failed container',
    en: 'The container keeps failing; the kubelet waits longer before each restart (CrashLoopBackOff).',
    ja: 'コンテナが失敗を繰り返しており、kubelet は再起動の間隔を延ばしています(CrashLoopBackOff)。',
  },
  {
    reason: 'Failed', prefix: 'Failed to pull image',
    en: 'The container runtime could not pull the image (ErrImagePull): a wrong name or tag, or the registry refused.',
    ja: 'コンテナランタイムがイメージを pull できませんでした(ErrImagePull)。イメージ名・タグの誤りか、レジストリ認証の問題です(kubelet 側の問題)。',
  },
  {
    reason: 'Failed', prefix: 'Error: ErrImagePull',
    en: 'The container waits with reason ErrImagePull: the last pull failed.',
    ja: 'コンテナは ErrImagePull で待機しています。直前の pull が失敗しました(kubelet 側の問題)。',
  },
  {
    reason: 'Failed', prefix: 'Error: ImagePullBackOff',
    en: 'The container waits with reason ImagePullBackOff: the kubelet will try the pull again later.',
    ja: 'コンテナは ImagePullBackOff で待機しています。kubelet は間隔を空けて pull を再試行します(kubelet 側の問題)。',
  },
];
