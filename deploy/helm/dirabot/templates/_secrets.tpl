{{/*
Where each secret value lives. Connection URLs (they may carry passwords) and application
secrets go into the release's Secret (<fullname>) unless an existing Secret is named.
*/}}

{{- define "dirabot.appSecretName" -}}
{{- default (include "dirabot.fullname" .) .Values.secrets.existingSecret -}}
{{- end -}}

{{- define "dirabot.hasFacebookCookies" -}}
{{- if or .Values.secrets.existingSecret .Values.secrets.facebookCookies -}}true{{- end -}}
{{- end -}}

{{/*
A secret the chart generates when none is given (JWT_SECRET): dict root, key.
The one already stored in the release's Secret, else a new one; so it is made once, at install,
and kept by every upgrade. `helm template` and --dry-run cannot look it up and show a new value.
*/}}
{{- define "dirabot.generatedSecret" -}}
{{- $existing := lookup "v1" "Secret" .root.Release.Namespace (include "dirabot.fullname" .root) -}}
{{- if and $existing $existing.data (hasKey $existing.data .key) -}}
{{- index $existing.data .key | b64dec -}}
{{- else -}}
{{- randAlphaNum 64 -}}
{{- end -}}
{{- end -}}

{{/* URL userinfo: urlquery escapes everything needed but writes spaces as "+"; make them %20. */}}
{{- define "dirabot.databaseUrl" -}}
{{- if .Values.postgresql.enabled -}}
{{- $auth := .Values.postgresql.auth -}}
{{- $password := required "postgresql.auth.password is required when postgresql.enabled is true" $auth.password -}}
{{- $host := include "dirabot.subchartFullname" (dict "root" . "name" "postgresql") -}}
{{- printf "postgres://%s:%s@%s:5432/%s" (urlquery $auth.username | replace "+" "%20") (urlquery $password | replace "+" "%20") $host $auth.database -}}
{{- else -}}
{{- required "externalDatabase.url or externalDatabase.existingSecret is required (or postgresql.enabled)" .Values.externalDatabase.url -}}
{{- end -}}
{{- end -}}

{{- define "dirabot.natsUrl" -}}
{{- if .Values.nats.enabled -}}
{{- printf "nats://%s:4222" (include "dirabot.subchartFullname" (dict "root" . "name" "nats")) -}}
{{- else -}}
{{- required "externalNats.url or externalNats.existingSecret is required (or nats.enabled)" .Values.externalNats.url -}}
{{- end -}}
{{- end -}}

{{- define "dirabot.redisUrl" -}}
{{- if .Values.redis.enabled -}}
{{- $host := printf "%s-master" (include "dirabot.subchartFullname" (dict "root" . "name" "redis")) -}}
{{- if .Values.redis.auth.enabled -}}
{{- $password := required "redis.auth.password is required when redis.enabled and redis.auth.enabled" .Values.redis.auth.password -}}
{{- printf "redis://:%s@%s:6379" (urlquery $password | replace "+" "%20") $host -}}
{{- else -}}
{{- printf "redis://%s:6379" $host -}}
{{- end -}}
{{- else -}}
{{- required "externalRedis.url or externalRedis.existingSecret is required (or redis.enabled)" .Values.externalRedis.url -}}
{{- end -}}
{{- end -}}

{{/* One connection variable as an env entry: dict root, var, ext (external* block), bundled. */}}
{{- define "dirabot.connectionRef" -}}
{{- $fromExisting := and (not .bundled) .ext.existingSecret -}}
- name: {{ .var }}
  valueFrom:
    secretKeyRef:
      name: {{ if $fromExisting }}{{ .ext.existingSecret }}{{ else }}{{ include "dirabot.fullname" .root }}{{ end }}
      key: {{ if $fromExisting }}{{ .ext.existingSecretKey }}{{ else }}{{ .var }}{{ end }}
{{- end -}}
