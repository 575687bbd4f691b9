{{/*
Service keys (docs/SECURITY.md): every service call is signed with the key of its (caller,
callee) pair, and each pod gets only the keys of the calls it makes and of the calls made to it
(SERVICE_KEYS). Each key is sha256sum("<master>|caller>callee"), as the platform derives it
(services/platform/src/host/service-keys.ts); the pairs are its allow-list's (host/callers.ts),
a test keeps them equal. The master stays in the keys' Secret, which no pod reads whole.
*/}}

{{- define "dirabot.serviceCallPairs" -}}
bots>listings chat>bots chat>identity gateway>bots gateway>chat gateway>identity gateway>listings gateway>notifications gateway>scraper-facebook gateway>scraper-yad2 gateway>telegram identity>telegram notifications>identity notifications>scraper-facebook notifications>scraper-yad2 notifications>telegram scraper-facebook>listings scraper-yad2>bots scraper-yad2>listings
{{- end -}}

{{- define "dirabot.serviceKeysSecretName" -}}
{{- printf "%s-service-keys" (include "dirabot.fullname" .) -}}
{{- end -}}

{{/*
The master: given (secrets.env.SERVICE_SECRET), else the one stored at install (in the keys'
Secret, or the release Secret of a chart before per-pair keys), else a new one.
*/}}
{{- define "dirabot.serviceMaster" -}}
{{- $given := .Values.secrets.env.SERVICE_SECRET -}}
{{- $keys := lookup "v1" "Secret" .Release.Namespace (include "dirabot.serviceKeysSecretName" .) -}}
{{- $release := lookup "v1" "Secret" .Release.Namespace (include "dirabot.fullname" .) -}}
{{- if $given -}}
{{- $given -}}
{{- else if and $keys $keys.data (hasKey $keys.data "master") -}}
{{- index $keys.data "master" | b64dec -}}
{{- else if and $release $release.data (hasKey $release.data "SERVICE_SECRET") -}}
{{- index $release.data "SERVICE_SECRET" | b64dec -}}
{{- else -}}
{{- randAlphaNum 64 -}}
{{- end -}}
{{- end -}}

{{/* One component's SERVICE_KEYS: dict master, name. */}}
{{- define "dirabot.serviceKeysOf" -}}
{{- $keys := list -}}
{{- range $pair := splitList " " (include "dirabot.serviceCallPairs" .) -}}
{{- if has $.name (splitList ">" $pair) -}}
{{- $keys = append $keys (printf "%s=%s" $pair (sha256sum (printf "%s|%s" $.master $pair))) -}}
{{- end -}}
{{- end -}}
{{- join "," $keys -}}
{{- end -}}

{{/* The env entry of one component: dict root, name. */}}
{{- define "dirabot.serviceKeysEnv" -}}
- name: SERVICE_KEYS
  valueFrom:
    secretKeyRef:
      name: {{ include "dirabot.serviceKeysSecretName" .root }}
      key: {{ .name }}
{{- end -}}
