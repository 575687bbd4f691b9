{{/* Combinations the schema cannot express; `helm install` stops with the message. */}}
{{- define "dirabot.validate" -}}
{{- $yad2 := index .Values.services "scraper-yad2" -}}
{{- if and (eq .Values.config.scraperMode "browser") $yad2.enabled (not $yad2.browser) -}}
{{- fail "config.scraperMode=browser needs services.scraper-yad2.browser=true (the image with Chromium)" -}}
{{- end -}}
{{- range $name, $cfg := merge (dict "gateway" .Values.gateway) .Values.services -}}
{{- if and $cfg.enabled $cfg.autoscaling.enabled (gt (int $cfg.autoscaling.minReplicas) (int $cfg.autoscaling.maxReplicas)) -}}
{{- fail (printf "%s: autoscaling.minReplicas is greater than autoscaling.maxReplicas" $name) -}}
{{- end -}}
{{- end -}}
{{- range $name, $cfg := merge (dict "gateway" .Values.gateway) .Values.services -}}
{{- if and $cfg.enabled (not (has $name $.Values.secretConsumers.SERVICE_SECRET)) -}}
{{- fail (printf "secretConsumers.SERVICE_SECRET must list %s: every process signs the service calls it makes and checks the ones it answers with it" $name) -}}
{{- end -}}
{{- end -}}
{{- if and .Values.ingress.enabled (not .Values.gateway.enabled) -}}
{{- fail "ingress.enabled needs gateway.enabled" -}}
{{- end -}}
{{- end -}}
