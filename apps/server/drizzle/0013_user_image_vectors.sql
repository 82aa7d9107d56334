CREATE TABLE "user_image_vectors" (
	"image_id" text NOT NULL,
	"model" text NOT NULL,
	"vector" jsonb NOT NULL,
	CONSTRAINT "user_image_vectors_image_id_model_pk" PRIMARY KEY("image_id","model")
);
--> statement-breakpoint
ALTER TABLE "user_image_vectors" ADD CONSTRAINT "user_image_vectors_image_id_user_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."user_images"("id") ON DELETE cascade ON UPDATE no action;