{{/*
The container environment of one component: dict root, name, cfg.
Shared non-secret settings come from the ConfigMap (envFrom); this adds what differs per
process: which service it runs, its listeners, where every *other* service is, the connection
URLs, the secrets this process is listed for in secretConsumers, its own service keys, and
its own env.
*/}}
{{- define "dirabot.env" -}}
{{- $root := .root -}}
{{- $internalPort := include "dirabot.internalPort" $root -}}
- name: SERVICES
  value: {{ .name | quote }}
{{- /* The gateway's PORT is public; a process without it has only the internal listener. */}}
- name: PORT
  value: {{ ternary (include "dirabot.publicPort" $root) $internalPort (eq .name "gateway") | quote }}
- name: INTERNAL_PORT
  value: {{ $internalPort | quote }}
- name: INTERNAL_HOST
  value: "0.0.0.0"
{{- if eq .name "gateway" }}
- name: TRUST_PROXY
  value: {{ int $root.Values.gateway.trustProxy | quote }}
{{- end }}
- name: HOME
  value: /tmp
{{- range $other, $otherCfg := $root.Values.services }}
{{- if and $otherCfg.enabled (ne $other $.name) }}
- name: {{ printf "%s_SERVICE_URL" (upper $other | replace "-" "_") }}
  value: {{ printf "http://%s:%s" (include "dirabot.componentName" (dict "root" $root "name" $other)) $internalPort | quote }}
{{- end }}
{{- end }}
{{- if $root.Values.access.perService }}
{{- include "dirabot.accessEnv" (dict "root" $root "name" .name) }}
{{- else }}
{{ include "dirabot.connectionRef" (dict "root" $root "var" "DATABASE_URL" "ext" $root.Values.externalDatabase "bundled" $root.Values.postgresql.enabled) }}
{{ include "dirabot.connectionRef" (dict "root" $root "var" "NATS_URL" "ext" $root.Values.externalNats "bundled" $root.Values.nats.enabled) }}
{{- end }}
{{ include "dirabot.connectionRef" (dict "root" $root "var" "REDIS_URL" "ext" $root.Values.externalRedis "bundled" $root.Values.redis.enabled) }}
{{- $existing := $root.Values.secrets.existingSecret }}
{{- /* Generated when not given, so always in the Secret, and required in an existing one. */}}
{{- $generated := list "JWT_SECRET" }}
{{- range $key, $consumers := $root.Values.secretConsumers }}
{{- if and (has $.name $consumers) (or $existing (index $root.Values.secrets.env $key) (has $key $generated)) }}
- name: {{ $key }}
  valueFrom:
    secretKeyRef:
      name: {{ include "dirabot.appSecretName" $root }}
      key: {{ $key }}
      {{- if and $existing (not (has $key $generated)) }}
      optional: true
      {{- end }}
{{- end }}
{{- end }}
{{ include "dirabot.serviceKeysEnv" (dict "root" $root "name" .name) }}
{{- if .cfg.browser }}
- name: CHROME_PATH
  value: {{ $root.Values.config.chromePath | quote }}
{{- end }}
{{- if and (eq .name "scraper-facebook") (include "dirabot.hasFacebookCookies" $root) }}
- name: FACEBOOK_COOKIES_FILE
  value: /etc/dirabot/facebook/cookies.json
{{- end }}
{{- range $key, $value := .cfg.env }}
- name: {{ $key }}
  value: {{ $value | quote }}
{{- end }}
{{- end -}}
